/** API paths, as the spec writes them. Calls are POST unless a comment says otherwise. */
export const Api = {
  // Session
  memberLogin: '/user/login',
  anchorLogin: '/broadcast/login',
  logout: '/user/logoutForCLV',
  getConfig: '/pman/config/api/getconfig',
  getToken: '/pman/user/api/getToken',
  getUserInfo: '/share/v1/getUserInfo',
  getOwnUserInfo: '/nx/api/User/getUserInfo',
  getAllMoney: '/pman/emf/api/getAllMoney',
  getUserConfig: '/share/v1/getUserConfig',
  agreeProvision: '/share/v1/agreeProvision',
  // A locked login, lifted by its owner with a code sent to the verified phone
  sendUnlockCode: '/login/v1/sendUnlockCode',
  unlockAccount: '/login/v1/unlockAccount',
  // Operators (OPERATOR_IDS)
  setAccountStatus: '/ops/v1/setAccountStatus',
  // Discover and the broadcaster profile
  getFeaturedAnchors: '/pman/anchor/api/getWrapFeaturedAnchorList',
  getOnlineAnchors: '/pman/anchor/api/getOnlineAnchorList',
  getAnchorList: '/manList/v1/getAnchorList',
  setFavorite: '/share/v1/setFavorite',
  getInterestList: '/share/v1/getInterestList',
  getAllGiftList: '/share/v1/getAllGiftList',
  // Web Push (GET)
  vapidPublicKey: '/push/vapidPublicKey',
} as const;
export type ApiPath = (typeof Api)[keyof typeof Api];

/** Pages the server answers with the app itself (the SPA reads the path). */
export const Pages = {
  memberLogin: '/user/login',
  anchorLogin: '/broadcast/login',
  maintenance: '/static/maintenance/',
  legacyList: ['/list.html', '/page/list.html'],
  legacyLive: ['/live.html', '/page/live.html'],
} as const;

/** The realtime socket endpoint. */
export const SOCKET_PATH = '/ws';
