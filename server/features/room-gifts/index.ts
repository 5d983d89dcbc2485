export { RoomGiftService } from './room-gifts';
export { roomGiftsRepository } from './room-gifts-repository';
export { roomGiftRoutes } from './routes';
