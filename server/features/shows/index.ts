export { showRoutes } from './routes';
export { ShowNoticeScheduler } from './show-notices';
export { ownShowRoom, showPass } from './show-room';
export { ShowService } from './shows';
export type { ShowsRepository } from './shows-repository';
export { showsRepository } from './shows-repository';
export type { TicketsRepository } from './tickets-repository';
export { ticketsRepository } from './tickets-repository';
