export { holidayOn, OfferService, type OrderPricing, type PriceOrder } from './offers';
export { offersRepository } from './offers-repository';
export { offerRoutes } from './routes';
