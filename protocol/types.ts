/** Answer shapes of the product API (the `data` of each ApiAnswer). */
import type { OwnProfileFields } from './profile/profile';
import type { MoneyKeys } from './profile/settings';

export type Role = 'man' | 'lady';

/** 0/1 flags, as the product sends them. */
export type Flag = 0 | 1;

/** fansi_info.priv: what a member may do (spec 002 §3). */
export interface MemberPriv {
  show_pop: Flag;
  send_gift_flower: Flag;
  hangout: Flag;
  say_hi: Flag;
  public: Flag;
  oneonone: Flag;
  premium_video: Flag;
  call: Flag;
  invitation_bubble: Flag;
  chatmin: Flag;
  priv_mb_h5_show_gift: Flag;
}

/** anchor_info.priv: what a broadcaster offers (spec 002 §3). */
export interface AnchorPriv {
  oneonone: Flag;
  booking: Flag;
  hangout: Flag;
  call_instant: Flag;
  call_schedule: Flag;
  flower_sent: Flag;
  priv_mb_h5_show_gift: Flag;
}

/** POST /user/login, /broadcast/login. */
export interface LoginData {
  userid: string;
  role: Role;
  nickname: string;
}

/** POST /pman/config/api/getconfig. */
export interface AppConfig {
  money_type: string;
  money_multiplier: number;
  corp_key: string;
  addCreditPage: string;
  loginPage: string;
  anchorLoginPage: string;
  socket_url: string;
  /** Partner sites (protocol/partner-sites): hidden 1 is the spec's flag that leaves one out. */
  familySites: { siteid: number; name: string; hidden: Flag }[];
  /** Money config keys (spec 002 §3), in the currency. */
  send_private_message_credit: number;
}

/** POST /pman/user/api/getToken. */
export interface TokenData {
  token: string;
  /** Seconds until the token stops being accepted. */
  expires_in: number;
}

/** POST /nx/api/User/getUserInfo: the caller's own account. */
export interface OwnAccountInfo {
  userid: string;
  role: Role;
  nickname: string;
  photourl: string;
  credit_unit: string;
  consume_level: number;
  agree_provision: Flag;
  livechat_switch: Flag;
  livechat_accept: Flag;
  livechat_send: Flag;
  firstLogin3Day: Flag;
  /** Members only; a broadcaster's is all zeros. */
  fansi_info: { priv: MemberPriv; used_sayhi: number };
  left_credit: number;
  left_poststamp: number;
  left_chatmin: number;
  isPaidMember: Flag;
}

/**
 * A member's own account also carries his profile fields (spec 002 §3 "Profile", "Other";
 * protocol/profile/profile.ts OwnProfileFields); a broadcaster's has none.
 */
export type OwnUserInfo = OwnAccountInfo & Partial<OwnProfileFields>;

/** POST /pman/emf/api/getAllMoney. */
export interface MoneyData {
  credit: number;
  poststamp: number;
}

/** POST /share/v1/getUserConfig. */
export interface UserConfig {
  agree_provision: Flag;
  livechat_accept: Flag;
  livechat_send: Flag;
  guide_mail: Flag;
}
/** getUserConfig also answers the spec's money config keys (protocol/profile/settings.ts MONEY_KEYS). */
export type UserConfigData = UserConfig & MoneyKeys;

/** A broadcaster on a card in a list. */
export interface AnchorCard {
  userid: string;
  nickname: string;
  age: number;
  country: string;
  city: string;
  photourl: string;
  anchor_cover: string;
  /** 2 online (visible), 0 offline. */
  online_status: number;
  is_online: Flag;
  is_live: Flag;
  public_room_id: string;
  room_type: number;
  anchor_type: 1 | 2;
  birthday_tip: 0 | 1 | 2;
  is_follow: Flag;
  priv: AnchorPriv;
}

export interface AnchorListData {
  list: AnchorCard[];
}

/** POST /share/v1/getUserInfo for a broadcaster id: the profile page. */
export interface AnchorProfile extends AnchorCard {
  /** Seconds since the epoch, for the birthday banner. */
  anchor_birthday: number;
  anchor_info: {
    introduction: string;
    is_live: Flag;
    room_photourl: string;
    account_status: number;
    sayhi_sent: Flag;
    anchor_type: 1 | 2;
    priv: AnchorPriv;
  };
  /** Spec 002 §3 "Coupons", for a member reading it: his vouchers pay her private / public room. */
  check_user_private_coupon?: Flag;
  check_user_public_coupon?: Flag;
}

/** POST /share/v1/getUserInfo for the caller's own member id. */
export interface MemberProfile {
  userid: string;
  nickname: string;
  photourl: string;
  fansi_info: { priv: MemberPriv; used_sayhi: number };
}

/** POST /share/v1/setFavorite. */
export interface FavoriteData {
  userid: string;
  is_follow: Flag;
}

/** POST /share/v1/getInterestList. */
export interface InterestListData {
  list: { id: number; name: string; icon: string }[];
}

/** POST /share/v1/getAllGiftList (protocol/gifts/gifts.ts). */
export type { Gift, GiftListData } from './gifts/gifts';

/** GET /push/vapidPublicKey. */
export interface VapidKeyData {
  key: string;
}
