export { registerProfileFiles } from './file-routes';
export { type AccountFacts, NO_ACCOUNT_FACTS, ProfileService } from './profile';
export { profileRoutes } from './routes';
export { SettingsService } from './settings';
