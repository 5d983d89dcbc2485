import { callMeExtraRoutes } from './call-me-extra-routes';
import { callServiceRoutes as requestRoutes } from './routes';

export type { CallCenter, LegEvent, LegRequest } from './call-center';
export { LocalCallCenter } from './call-center';
export { CallService } from './call-service';

export const callServiceRoutes = [...requestRoutes, ...callMeExtraRoutes];
export { TwilioCallCenter, type TwilioSettings } from './twilio-center';
export { registerTwilioWebhooks } from './twilio-webhooks';
