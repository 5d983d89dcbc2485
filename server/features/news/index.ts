export { NewsService } from './news';
export { newsRoutes } from './routes';
