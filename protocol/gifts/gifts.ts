/**
 * The gift catalogue (spec 001 §3 "Gift detail", §6 Intimacy Level 4 "limited gifts", §7
 * getGiftDetail; spec 002 §7 getAllGiftList, §9 the new-user gift package). One catalogue serves
 * every place a gift appears: the booking popup's gift strip, the backpack, the package pop-up, and
 * later gifts sent in rooms and the flower store. Decisions where the spec is silent:
 * - A gift's price is in credits with 2 decimals (`credit`), its picture a 128 px SVG
 *   (`small_imgurl`, drawn locally under /media/gift/).
 * - `intimacy_level` is the Intimacy Level a member needs with a broadcaster to give it: 0 for most
 *   gifts, LIMITED_GIFT_INTIMACY_LEVEL (4) for the limited ones. Whoever sends a gift checks it with
 *   `mayGive` and answers GiftErrno.LIMITED when he may not.
 * - `new_user_num` is how many of the gift the new-user gift package holds (protocol/backpack).
 */
import { Api } from '../paths';

export const GiftApi = {
  /** POST {token}: the whole catalogue, in the store's order. */
  getAllGiftList: Api.getAllGiftList,
  /** POST {gift_id}: one gift (spec 001 §7). */
  getGiftDetail: '/share/v1/getGiftDetail',
} as const;

/** Spec 001 §6: Intimacy Level 4 unlocks the limited gifts. */
export const LIMITED_GIFT_INTIMACY_LEVEL = 4;

/** One gift of getAllGiftList. */
export interface Gift {
  giftid: string;
  name: string;
  /** Credits, 2 decimals. */
  credit: number;
  small_imgurl: string;
  /** How many of this gift the new-user gift package holds (0: not in it). */
  new_user_num: number;
  /** Ours: the Intimacy Level needed to give it (0: anyone; 4: a limited gift). */
  intimacy_level: number;
}

export interface GiftListData {
  list: Gift[];
}

/** getGiftDetail's data: the spec's small_imgurl and credit, and ours (the id, name and level). */
export interface GiftDetail {
  giftid: string;
  name: string;
  small_imgurl: string;
  credit: number;
  intimacy_level: number;
}

/** Whether a member at `level` with a broadcaster may give her this gift. */
export const mayGive = (gift: Pick<Gift, 'intimacy_level'>, level: number): boolean =>
  level >= gift.intimacy_level;

/** Ours, 10750-10759 (gifts and the backpack). */
export const GiftErrno = {
  /** getGiftDetail names a gift the catalogue does not hold. */
  UNKNOWN_GIFT: 10750,
  /** A limited gift given below Intimacy Level 4 (for the calls that give gifts). */
  LIMITED: 10752,
  /** A room gift for a broadcaster whose rooms he is not in now (protocol/room-gifts). */
  NOT_IN_ROOM: 10753,
  /** She does not take gifts (her flower_sent or priv_mb_h5_show_gift is off). */
  NOT_ACCEPTED: 10754,
  /** A room gift's key was used before for another gift or number. */
  KEY_REUSED: 10755,
} as const;

export const GiftMessages = {
  unknownGift: 'This gift is not in the catalogue.',
  limited: `This gift can only be given with Intimacy Level ${LIMITED_GIFT_INTIMACY_LEVEL} or above with the broadcaster.`,
  notInRoom: 'You can give her a gift while you are in her room.',
  notAccepted: 'This broadcaster does not take gifts at the moment.',
  keyReused: 'This gift was already sent with other choices. Please choose again.',
} as const;
