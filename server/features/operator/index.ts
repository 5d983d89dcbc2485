export { OperatorService } from './operator';
export { operatorRoutes } from './routes';
