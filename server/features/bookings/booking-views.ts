/** A booking as the calls and notices answer it: its item, and the member's tip about it. */
import {
  BookingEvent,
  type BookingEventData,
  type BookingItem,
  type BookingTip,
} from '../../../protocol/bookings/booking';
import type { Notifier } from '../../realtime/deliver';
import { creditOf } from '../money';
import type { BookingView } from './bookings-repository';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Tells one side's tabs that a booking changed, with its item as they list it. */
export async function tellBooking(notifier: Notifier, userid: string, b: BookingView): Promise<void> {
  await notifier.deliver(userid, BookingEvent.bookingChanged, {
    booking: itemOf(b),
  } satisfies BookingEventData);
}

export function itemOf(b: BookingView): BookingItem {
  return {
    invitation_id: b.bookingId,
    kind: b.kind,
    status: b.status,
    anchor_id: b.anchorId,
    anchor_nickname: b.anchorNickname,
    anchor_avatar: b.anchorAvatar,
    user_id: b.userId,
    user_nickname: b.userNickname,
    user_avatar: b.userAvatar,
    book_time: seconds(b.bookTime),
    giftid: b.giftid,
    gift_num: b.giftNum,
    need_sms: b.needSms,
    deposit: creditOf(b.deposit),
    created_at: seconds(b.createdAt),
  };
}

/** A booking tip (spec 002 §3) from the member's side; undefined for completed bookings. */
export function tipOf(b: BookingView, now: number): BookingTip | undefined {
  const name = b.anchorNickname;
  let infoType: BookingTip['infoType'];
  let description: string;
  if (b.status === 'accepted') {
    if (b.bookTime.getTime() <= now) return undefined;
    infoType = 0;
    description = `Your One-on-One with ${name} is scheduled.`;
  } else if (b.status === 'pending' && b.kind === 'invite') {
    infoType = 1;
    description = `${name} invites you to a scheduled One-on-One.`;
  } else if (b.status === 'pending') {
    infoType = 2;
    description = `Your booking request is waiting for ${name}'s answer.`;
  } else if (b.status === 'declined') {
    infoType = 3;
    description =
      b.kind === 'invite'
        ? `You declined ${name}'s invitation.`
        : `${name} declined your booking. Your deposit has been refunded.`;
  } else if (b.status === 'completed') {
    return undefined;
  } else {
    infoType = 4;
    const why = {
      cancelled: 'was cancelled',
      expired: 'expired without an answer',
      noshow: 'did not take place',
    }[b.status];
    description = `Your One-on-One with ${name} ${why}.${b.deposit > 0 ? ' Your deposit has been refunded.' : ''}`;
  }
  return {
    invitation_id: b.bookingId,
    anchor_id: b.anchorId,
    avatar_img: b.anchorAvatar,
    nick_name: name,
    infoType,
    user_is_read: b.userIsRead,
    description,
    book_timestamp: seconds(b.bookTime),
  };
}
