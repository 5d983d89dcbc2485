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
  // Around the profile (protocol/anchor-profile/around.ts)
  getPageRecommendAnchorList: '/pman/anchor/api/getPageRecommendAnchorList',
  getADRecommendAnchor: '/manList/v1/getADRecommendAnchor',
  getUserFollowList: '/man/v1/getUserFollowList',
  getRelation: '/share/v1/getRelation',
  /** Its payload is the query: ?id={ids}&scenes={scene}. */
  getBanner: '/pman/advert/api/getBanner',
  /** Ours: a broadcaster's friends, paged (the profile's My Friends). */
  getAnchorFriends: '/share/v1/getAnchorFriends',
  // Her album: My Photos and My Videos (protocol/albums/albums.ts; the calls beyond getAnchorAlbum are ours)
  getAnchorAlbum: '/share/v1/getAnchorAlbum',
  addAlbumInterested: '/share/v1/addAlbumInterested',
  deleteAlbumInterested: '/share/v1/deleteAlbumInterested',
  /** GET {albumMedia}/{id}/{img|video|locked}: an item's picture, clip or locked preview. */
  albumMedia: '/share/album/media',
  ladyAlbumList: '/lady/v1/getAlbumList',
  /** Raw bytes (application/octet-stream), answers {upload_id, ...}. */
  ladyUploadAlbumPhoto: '/lady/v1/uploadAlbumPhoto',
  ladyUploadAlbumVideo: '/lady/v1/uploadAlbumVideo',
  ladyAddAlbumItem: '/lady/v1/addAlbumItem',
  ladyEditAlbumItem: '/lady/v1/editAlbumItem',
  ladyDeleteAlbumItem: '/lady/v1/deleteAlbumItem',
  // Her shots (posts): getDynamic, setLike, cancelLike are the spec's; the rest ours (protocol/shots/shots.ts)
  getDynamic: '/share/v1/getDynamic',
  setLike: '/share/v1/setLike',
  cancelLike: '/share/v1/cancelLike',
  /** GET {dynamicMedia}/{id}/{img|big|video|blurry}: a shot's picture, full size, clip or locked preview. */
  dynamicMedia: '/share/dynamic/media',
  ladyDynamicList: '/lady/v1/getDynamicList',
  /** Raw bytes (application/octet-stream), answers {upload_id, ...}. */
  ladyUploadDynamicPhoto: '/lady/v1/uploadDynamicPhoto',
  ladyUploadDynamicVideo: '/lady/v1/uploadDynamicVideo',
  ladyAddDynamic: '/lady/v1/addDynamic',
  ladyDeleteDynamic: '/lady/v1/deleteDynamic',
  // Premium videos (protocol/premium-videos/premium-videos.ts; the calls beyond the spec's first three are ours)
  premiumAnchorVideoList: '/pman/premiumVideo/api/anchorVideoList',
  premiumAddInterested: '/pman/premiumVideo/api/addInterested',
  premiumDeleteInterested: '/pman/premiumVideo/api/deleteInterested',
  premiumVideoList: '/pman/premiumVideo/api/videoList',
  premiumMyVideoList: '/pman/premiumVideo/api/myVideoList',
  premiumVideoDetail: '/pman/premiumVideo/api/videoDetail',
  premiumBuyVideo: '/pman/premiumVideo/api/buyVideo',
  premiumLadyVideoList: '/pman/premiumVideo/lady/videoList',
  premiumLadyAddVideo: '/pman/premiumVideo/lady/addVideo',
  premiumLadyEditVideo: '/pman/premiumVideo/lady/editVideo',
  premiumLadyDeleteVideo: '/pman/premiumVideo/lady/deleteVideo',
  /** Raw bytes (application/octet-stream), answer {file_id, mime, bytes}. */
  premiumLadyUploadVideo: '/pman/premiumVideo/lady/uploadVideo',
  premiumLadyUploadCover: '/pman/premiumVideo/lady/uploadCover',
  /** GET {premiumCover}/{video_id} and {premiumPlay}/{video_id} (byte ranges; buyers and her only). */
  premiumCover: '/pman/premiumVideo/cover',
  premiumPlay: '/pman/premiumVideo/play',
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
  /** Live chat's window (spec 000 §2: livechat.html?anchorid=, 980x750). */
  legacyLivechat: ['/livechat.html', '/page/livechat.html'],
  /** The hang-out page (spec 001 §2: hangout.html?id={anchorid}#anchorid={anchorid}[&send_type=2]). */
  legacyHangout: ['/hangout.html', '/page/hangout.html'],
} as const;

/** The realtime socket endpoint. */
export const SOCKET_PATH = '/ws';
