export { type DeliveryProvider, LocalDeliveryStandIn, NoDeliveryProvider } from './delivery';
export { FlowerService } from './flowers';
export { flowerRoutes } from './routes';
