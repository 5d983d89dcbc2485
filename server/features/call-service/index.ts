export type { CallCenter, LegEvent, LegRequest } from './call-center';
export { LocalCallCenter } from './call-center';
export { CallService } from './call-service';
export { callServiceRoutes } from './routes';
