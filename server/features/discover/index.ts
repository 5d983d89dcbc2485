export { AnchorCache } from './anchor-cache';
export type { Caller } from './anchors';
export { AnchorService, isVisibleAnchor, visibleAnchor } from './anchors';
export type { AnchorRow } from './anchors-repository';
export { anchorFromRow, anchorsRepository, SELECT_ANCHORS } from './anchors-repository';
export { appConfig, SEND_PRIVATE_MESSAGE_CREDIT } from './catalogue';
export { discoverRoutes } from './routes';
export { AnchorSearch } from './search';
