export { AroundService } from './around';
export { aroundRepository } from './around-repository';
export { aroundRoutes } from './routes';
