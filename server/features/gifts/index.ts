export { GiftService, giftDetail } from './gifts';
export type { CatalogueGift, GiftsRepository } from './gifts-repository';
export { giftsRepository } from './gifts-repository';
export { giftRoutes } from './routes';
