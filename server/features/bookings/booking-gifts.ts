/**
 * A booking's gift when the booking is held: it becomes hers (her workspace's Gifts card lists it
 * and hears it at once) and earns Intimacy, each gift once (the booking's key). Until then the
 * deposit, gift included, may still come back (booking-deposits.ts).
 */
import { ROOM_GIFT_EVENT, type RoomGiftLine } from '../../../protocol/room-gifts/room-gifts';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import type { EarnIntimacy } from '../intimacy';
import { privateRoomId } from '../invitations';
import { attachedGiftOf } from '../room-gifts';
import { completeWithGift } from './booking-deposits';
import type { BookingView } from './bookings-repository';

export async function completeBooking(
  db: Db,
  notifier: Notifier,
  earnIntimacy: EarnIntimacy | undefined,
  bookingId: string,
  now: number,
): Promise<BookingView | undefined> {
  const roomId = privateRoomId(bookingId);
  const out = await completeWithGift(db, bookingId, roomId);
  if (!out?.given) return out?.changed;
  const b = out.changed;
  const gift = await attachedGiftOf(db, 'booking', roomId);
  if (gift) {
    const line: RoomGiftLine = {
      room_id: roomId,
      from_id: b.userId,
      nickname: b.userNickname,
      giftid: gift.giftid,
      name: gift.name,
      small_imgurl: gift.imgurl,
      num: gift.num,
      at: Math.floor(now / 1000),
    };
    await notifier.deliver(b.anchorId, ROOM_GIFT_EVENT, line);
  }
  await earnIntimacy?.({
    memberId: b.userId,
    anchorId: b.anchorId,
    source: 'gift',
    key: `gift:${bookingId}`,
    units: b.giftNum,
  });
  return b;
}
