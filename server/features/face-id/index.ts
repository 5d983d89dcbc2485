export { registerFaceCheckPage } from './face-check-page';
export { FaceIdService } from './face-id';
export { faceIdRoutes } from './routes';
