export type { Order, OrdersRepository } from './orders-repository';
export { ordersRepository } from './orders-repository';
export { PaymentService } from './payments';
export { paymentRoutes } from './routes';
export { registerPayments } from './webhook-routes';
