export { registerShotFiles } from './file-routes';
export { shotRoutes } from './routes';
export { ShotService } from './shots';
export { shotsRepository } from './shots-repository';
