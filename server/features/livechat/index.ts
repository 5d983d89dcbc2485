export { livechatInviteRoutes } from './invites-routes';
export { LiveChatService } from './livechat';
export { LiveChatCamera } from './livechat-camera';
export { LiveChatInviteEngine } from './livechat-invite-engine';
export { LiveChatInvites } from './livechat-invites';
export { LiveChatPanel } from './livechat-panel';
export { livechatSocketRoutes } from './livechat-socket';
export { livechatRoutes } from './routes';
