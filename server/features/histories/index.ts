export { HistoryService } from './histories';
export { historyRoutes } from './routes';
