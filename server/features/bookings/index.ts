export { DEPOSIT_BASE_HUNDREDTHS } from './booking-deposits';
export { BookingInvites } from './booking-invites';
export { BookingScheduler } from './booking-notices';
export { BookingPages } from './booking-pages';
export type { MailRequestPlan } from './bookings';
export { BookingService } from './bookings';
export type { BookingView } from './bookings-repository';
export { bookingsRepository } from './bookings-repository';
export { bookingRoutes } from './routes';
