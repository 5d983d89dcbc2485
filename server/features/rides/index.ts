export { RideService } from './rides';
export { rideRoutes } from './routes';
