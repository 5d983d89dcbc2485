export {
  attachedGiftOf,
  checkAttachedGift,
  type GiftSource,
  recordGiven,
  returnAttachedGifts,
  takeAttachedGifts,
} from './attached-gifts';
export { RoomGiftService } from './room-gifts';
export { type RoomGiftsRepository, roomGiftsRepository } from './room-gifts-repository';
export { roomGiftRoutes } from './routes';
