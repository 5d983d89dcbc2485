export { bannedError, RoomModeration, type SeatHooks } from './room-moderation';
export { roomModerationRoutes } from './routes';
