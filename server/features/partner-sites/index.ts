export { registerPartnerGoto } from './goto-route';
export { type HandoffClaims, signHandoff, verifyHandoff } from './handoff';
export { type PartnerConfig, PartnerEnv, partnerConfig } from './partner-config';
export { PartnerSiteService } from './partner-sites';
export { partnerSiteRoutes } from './routes';
export { registerPartnerStandIn } from './stand-in';
