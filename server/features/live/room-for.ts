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
