export { LIVE_END_CHANNEL, LiveService } from './live';
export { LiveBilling, minutesStarted } from './live-billing';
export { sayInRoom } from './live-chat';
export { LiveCluster } from './live-cluster';
export { LiveHistoryService } from './live-history';
export { connectionGone, described } from './live-seats';
export { spentSql } from './live-sessions-repository';
export { qualityRoutes } from './quality-routes';
export { liveRoutes } from './routes';
