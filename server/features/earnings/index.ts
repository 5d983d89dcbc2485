export { EarningsService } from './earnings';
export { earningsRoutes } from './routes';
