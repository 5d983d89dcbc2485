/**
 * Which room a member's live.html address opens, what it costs and what is already paid: a
 * scheduled show's (ticket holders, free), her public room (free, or 0.05 a minute when premium),
 * or a One-on-One (0.30 a minute, part paid by a request's hold or a booking's deposit).
 */
import { Errno } from '../../../protocol/errors';
import {
  LiveErrno,
  LiveText,
  type LiveType,
  PREMIUM_CREDIT_PER_MINUTE,
  ROOM_TYPE_PREMIUM,
  ROOM_TYPE_PUBLIC,
  type RoomPrice,
} from '../../../protocol/live/live';
import { toHundredths } from '../../../protocol/money';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../protocol/realtime';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import { ApiError } from '../../core/errors';
import type { AnchorRecord, Db, MemberRecord, StorageRepositories } from '../../storage/contract';
import { showPass } from '../shows';
import type { LiveBilling, OpenSession } from './live-billing';
import { type PrivateAsk, privatePass } from './one-on-one';

const ONE_ON_ONE_RATE = toHundredths(ONE_ON_ONE_CREDIT_PER_MINUTE);
const PREMIUM_RATE = toHundredths(PREMIUM_CREDIT_PER_MINUTE);

export interface RoomChoice {
  roomId: string;
  roomType: number;
  /** Hundredths per started minute. */
  rate: number;
  /** Minutes paid before the room opened. */
  prepaid: number;
}

export async function roomFor(
  repos: StorageRepositories,
  db: Db,
  member: MemberRecord,
  anchor: AnchorRecord,
  type: LiveType,
  ask: PrivateAsk,
  now: number,
): Promise<RoomChoice> {
  if (ask.liveShowId) {
    const pass = await showPass(db, member.userid, anchor.userid, ask.liveShowId, now);
    return { roomId: pass.roomId, roomType: ROOM_TYPE_PUBLIC, rate: 0, prepaid: 0 };
  }
  if (type === 'public') {
    if (member.priv.public !== 1) throw new ApiError(Errno.NO_PRIVILEGE, LiveText.noPower);
    if (anchor.state !== 'live' || !anchor.publicRoomId)
      throw new ApiError(Errno.ANCHOR_NOT_LIVE, LiveText.notLive);
    const premium = anchor.roomType === ROOM_TYPE_PREMIUM;
    return {
      roomId: anchor.publicRoomId,
      roomType: premium ? ROOM_TYPE_PREMIUM : ROOM_TYPE_PUBLIC,
      rate: premium ? PREMIUM_RATE : 0,
      prepaid: 0,
    };
  }
  if (member.priv.oneonone !== 1) throw new ApiError(Errno.NO_PRIVILEGE, LiveText.noPower);
  const pass = await privatePass(repos, db, member.userid, anchor.userid, ask, now);
  return {
    roomId: pass.roomId,
    // Spec 000 §3: room type 2 is anchor type 1's private room, 4 anchor type 2's.
    roomType: anchor.anchorType === 2 ? 4 : 2,
    rate: ONE_ON_ONE_RATE,
    prepaid: pass.prepaidMinutes,
  };
}

export const lackCredit = () => new ApiError(LiveErrno.LACK_CREDIT, LiveText.lackCredit);

/**
 * What pays his entry into `room`: his visit resumed within the grace, else what a request or
 * booking paid ahead, else a broadcast voucher, else credits. A new visit is refused when the
 * premium room is `full`, a paid public room's price is not confirmed, or he cannot pay a minute.
 */
export async function admit(
  repos: StorageRepositories,
  billing: LiveBilling,
  member: MemberRecord,
  room: RoomChoice,
  type: LiveType,
  ask: PrivateAsk,
  full: () => Promise<boolean>,
): Promise<{ resumed?: OpenSession; prepaid: number; voucher: boolean }> {
  const userid = member.userid;
  const resumed = await billing.openSession(userid, room.roomId);
  // He is back within the grace: the minutes due since he went are charged as usual.
  if (resumed) await billing.back(resumed.sessionId, 'member');
  // What a request or booking paid ahead is used once: this visit gets what earlier ones left.
  const prepaidLeft = resumed
    ? resumed.prepaidMinutes
    : await billing.prepaidLeft(userid, room.roomId, room.prepaid);
  // A broadcast voucher for this room type pays his first minutes instead of credits.
  const voucher =
    !resumed &&
    room.rate > 0 &&
    prepaidLeft === 0 &&
    (await repos.vouchers.hasRoomVoucher(userid, room.roomType));
  const prepaid = voucher ? BROADCAST_VOUCHER_MINUTES : prepaidLeft;
  if (!resumed) {
    if (room.roomType === ROOM_TYPE_PREMIUM && (await full()))
      throw new ApiError(LiveErrno.ROOM_FULL, LiveText.fullRoom);
    // A paid public room takes a voucher or credits on entry: only once he has seen its price
    // (a One-on-One's was shown with the request or the invitation he accepted).
    if (type === 'public' && room.rate > 0 && prepaidLeft === 0 && !ask.priceOk)
      throw priceNotConfirmed(room, voucher);
    if (prepaid === 0 && member.creditHundredths < room.rate) throw lackCredit();
  }
  return { resumed, prepaid, voucher };
}

/** 10700: the room's price and what would pay it, for the confirmation he has not given yet. */
export function priceNotConfirmed(room: RoomChoice, voucher: boolean): ApiError {
  const price: RoomPrice = {
    room_type: room.roomType,
    credit_per_minute: room.rate / 100,
    voucher: voucher ? 1 : 0,
    voucher_minutes: BROADCAST_VOUCHER_MINUTES,
  };
  return new ApiError(LiveErrno.PRICE_NOT_CONFIRMED, LiveText.priceNotConfirmed, price);
}
