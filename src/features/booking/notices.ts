/**
 * Booking notices in any page (spec 000 §7 "bookingNotice", "imShare/scheStartNotice"): the member
 * hears that she accepted or declined his booking and when a booking was refunded; the broadcaster
 * hears of a new booking request and that a booked One-on-One starts. The member's requestWillStart
 * and start bubbles are the invites store's (src/features/invites).
 */
import { BookingEvent, type BookingEventData } from '../../../protocol/bookings/booking';
import { EventRoute, type RequestHandledNotice } from '../../../protocol/realtime';
import { realtime } from '../../realtime';
import { showToast } from '../../state/ui';
import { userState } from '../../state/user';

const isBooking = (id: unknown) => typeof id === 'string' && id.startsWith('BK');
/** A toast naming a time: the date format's code loads with the first such notice, not with every page. */
const toastAt = (seconds: number, text: (when: string) => string) =>
  void import('../../app/time/format').then(({ dateTime }) => showToast(text(dateTime(seconds)), 'info'));
const role = () => userState.me?.role;

realtime.on<RequestHandledNotice & { book_time?: number }>(EventRoute.requestHandled, (n) => {
  if (role() !== 'man' || !isBooking(n?.invitation_id)) return;
  if (n.accepted === 1 && n.book_time)
    toastAt(n.book_time, (when) => `${n.nickname} accepted your One-on-One booking for ${when}.`);
  else if (n.accepted === 1) showToast(`${n.nickname} accepted your One-on-One booking.`, 'info');
  else showToast(`${n.nickname} declined your One-on-One booking. Your deposit has been refunded.`, 'info');
});

realtime.on<BookingEventData>(BookingEvent.bookingChanged, (n) => {
  const b = n?.booking;
  if (!b) return;
  if (role() === 'man') {
    if (b.status === 'expired' || b.status === 'noshow')
      showToast(
        `Your One-on-One with ${b.anchor_nickname} did not take place. Your deposit has been refunded.`,
        'info',
      );
    else if (b.status === 'cancelled' && b.kind === 'invite')
      showToast(
        `${b.anchor_nickname} cancelled her invitation.${b.deposit > 0 ? ' Your deposit has been refunded.' : ''}`,
        'info',
      );
  } else if (role() === 'lady') {
    if (b.status === 'accepted' && b.kind === 'invite')
      toastAt(b.book_time, (when) => `${b.user_nickname} accepted your invitation for ${when}.`);
    else if (b.status === 'cancelled' && b.kind === 'request')
      toastAt(b.book_time, (when) => `${b.user_nickname} cancelled the booking for ${when}.`);
  }
});

realtime.on<BookingEventData>(BookingEvent.bookingRequest, (n) => {
  if (role() === 'lady' && n?.booking)
    toastAt(
      n.booking.book_time,
      (when) => `New booking request from ${n.booking.user_nickname} for ${when}.`,
    );
});

realtime.on<{ user_nickname?: string }>(EventRoute.scheduleStart, (n) => {
  if (role() === 'lady' && n?.user_nickname)
    showToast(`Your One-on-One with ${n.user_nickname} starts now.`, 'info');
});
