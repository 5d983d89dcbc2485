export { LiveRoomService } from './live-room';
export { liveRoomRoutes } from './routes';
