export { AdvertService } from './adverts';
export { advertRoutes } from './routes';
