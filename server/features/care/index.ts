export { CareService } from './care';
export { registerCareFiles } from './file-routes';
export { careRoutes } from './routes';
