export { hangoutSocketRoutes } from './hangout-lists';
export { HangoutService } from './hangouts';
export { hangoutRoutes } from './routes';
