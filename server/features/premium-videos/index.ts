export { registerPremiumVideoFiles } from './file-routes';
export { PremiumVideoService } from './premium-videos';
export { premiumVideosRepository } from './premium-videos-repository';
export { premiumVideoRoutes } from './routes';
