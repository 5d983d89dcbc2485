/**
 * The booking screens' pure rules (spec 001 §4, §5, §8; 002 §5): which slots and days are offered,
 * the validation texts, and the text shown for each errno on the member's and broadcaster's side.
 */
import {
  BOOKING_POPUP_DAYS,
  BOOKING_START_NOW_S,
  type BookingGift,
  type BookingItem,
  type BookingSlot,
  SCHEDULE_REQUEST_MAX_S,
  SCHEDULE_REQUEST_MIN_S,
  SLOT_FREE,
} from '../../../protocol/bookings/booking';
import { Errno, Messages } from '../../../protocol/errors';

export interface SlotDay {
  /** Local date, YYYY-MM-DD. */
  key: string;
  label: string;
  slots: BookingSlot[];
}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDayKey = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Today and the next 2 days (local dates), each with its status 0 slots in order. */
export function slotDays(slots: readonly BookingSlot[], now: number, days = BOOKING_POPUP_DAYS): SlotDay[] {
  const allowed = new Map<string, string>();
  for (let i = 0; i < days; i++) {
    const d = new Date(now);
    d.setDate(d.getDate() + i);
    const label =
      i === 0
        ? 'Today'
        : i === 1
          ? 'Tomorrow'
          : d.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'short' });
    allowed.set(localDayKey(d.getTime()), label);
  }
  // Every offered day is listed, even without free slots ('no schedule for this day').
  const out = new Map<string, SlotDay>([...allowed].map(([key, label]) => [key, { key, label, slots: [] }]));
  for (const slot of [...slots].sort((a, b) => a.time - b.time)) {
    if (slot.status !== SLOT_FREE || slot.time * 1000 <= now) continue;
    const key = localDayKey(slot.time * 1000);
    out.get(key)?.slots.push(slot);
  }
  return [...out.values()];
}

/** After a successful request the slot is removed locally. */
export const withoutSlot = (slots: readonly BookingSlot[], timeId: string) =>
  slots.filter((s) => s.time_id !== timeId);

/** The quantity a gift starts with: its is_default entry, else the first. */
export function defaultGiftNum(gift: BookingGift | undefined): number {
  if (!gift) return 0;
  return (gift.send_num_list.find((n) => n.is_default === 1) ?? gift.send_num_list[0])?.num ?? 1;
}

/** The deposit shown before booking: the One-on-One part plus the gifts (credits, 2 decimals). */
export const depositOf = (base: number, gift: BookingGift | undefined, num: number) =>
  Math.round((base + (gift ? gift.credit * (num - giftsFromBackpack(gift, num)) : 0)) * 100) / 100;

/** How many of the gift his backpack pays (it goes first, as the server takes it). */
export const giftsFromBackpack = (gift: BookingGift | undefined, num: number) =>
  gift ? Math.min(gift.held ?? 0, num) : 0;

export interface BookingErrorView {
  message: string;
  addCredits: boolean;
}

/** Member side (spec 001 §8 "Booking, viewer side"). */
export function bookingErrorOf(errno: number, errmsg: string): BookingErrorView {
  switch (errno) {
    case Errno.BOOK_MEMBER_BUSY:
      return { message: Messages.bookMemberBusy, addCredits: false };
    case Errno.BOOK_TIME_UNAVAILABLE:
    case Errno.BOOK_SLOT_TAKEN:
      return { message: Messages.bookTimeUnavailable, addCredits: false };
    case Errno.NO_CREDIT:
    case 10027:
      return { message: errmsg || Messages.noCredit, addCredits: true };
    case Errno.BOOK_DUPLICATE:
      return { message: errmsg || Messages.bookDuplicate, addCredits: false };
    case Errno.BOOK_GIFT_INVALID:
    case Errno.BOOK_PHONE_UNVERIFIED:
      return { message: errmsg, addCredits: false };
    case Errno.ANCHOR_NO_BOOKING:
      return { message: Messages.anchorNoBooking, addCredits: false };
    default:
      return { message: Messages.bookRequestFailed, addCredits: false };
  }
}

/** Broadcaster side (spec 001 §8 "Booking, broadcaster side"). */
export function inviteErrorOf(errno: number, errmsg: string): string {
  const known: Record<number, string> = {
    [Errno.INVITE_QUOTA]: Messages.inviteQuota,
    [Errno.INVITE_NOT_IN_TIMETABLE]: Messages.inviteNotInTimetable,
    [Errno.INVITE_MEMBER_BUSY]: Messages.inviteMemberBusy,
    [Errno.INVITE_ANCHOR_BUSY]: Messages.inviteAnchorBusy,
    [Errno.INVITE_UNVERIFIED]: Messages.inviteUnverified,
  };
  if (known[errno]) return known[errno];
  if (errno === Errno.INVITE_NO_AUTHORITY || errno === Errno.INVITE_MEMBER_NO_PRIV) return errmsg;
  return Messages.inviteFailed;
}

/** getPhoneVerifyCode (spec 001 §8 "Phone verification"). */
export function phoneCodeErrorOf(errno: number): string {
  if (errno === Errno.PHONE_TOO_SOON) return Messages.phoneTooSoon;
  if (errno === Errno.PHONE_TAKEN) return Messages.phoneTaken;
  if (errno === Errno.PHONE_BLOCKED) return Messages.phoneBlocked;
  return Messages.phoneSendFailed;
}

/** submitPhoneVerifyCode. */
export function phoneSubmitErrorOf(errno: number): string {
  if (errno === Errno.PHONE_CODE_WRONG) return Messages.phoneCodeWrong;
  if (errno === Errno.PHONE_BLOCKED) return Messages.phoneBlocked;
  if (errno === Errno.PHONE_TAKEN) return Messages.phoneTaken;
  return Messages.phoneSubmitFailed;
}

/** Phone fields (spec 001 §5): number required and digits only; a country code required. */
export function phoneError(country: string, phoneNo: string): string | null {
  if (!phoneNo.trim() || !/^\d+$/.test(phoneNo.trim())) return Messages.phoneInvalid;
  if (!country) return Messages.phoneNoCountry;
  return null;
}

export const codeError = (code: string) => (code.trim() ? null : Messages.phoneNoCode);

/** The schedule request page's anchor id (spec 002 §5): trimmed; empty or the member's own is invalid. */
export function anchorIdError(raw: string, ownId: string): string | null {
  const id = raw.trim();
  if (!id || id.toUpperCase() === ownId.toUpperCase()) return Messages.invalidAnchorId;
  return null;
}

/** The schedule request page's window: 24 hours to 14 days from now. */
export const inScheduleWindow = (seconds: number, now: number) =>
  seconds * 1000 >= now + SCHEDULE_REQUEST_MIN_S * 1000 &&
  seconds * 1000 <= now + SCHEDULE_REQUEST_MAX_S * 1000;

/** Days a schedule request can reach: the 14-day window and the day it ends in. */
export const SCHEDULE_REQUEST_DAYS = Math.ceil(SCHEDULE_REQUEST_MAX_S / 86_400) + 1;

const shortDayLabel = (key: string) =>
  new Date(`${key}T12:00:00`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });

/**
 * A schedule request's choices (the request page and a mail's request): her free slots inside the
 * window, grouped by local day in the order given; days without one are left out.
 */
export function windowDays(slots: readonly BookingSlot[], now: number): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    if (slot.status !== SLOT_FREE || !inScheduleWindow(slot.time, now)) continue;
    const key = localDayKey(slot.time * 1000);
    let day = days.get(key);
    if (!day) {
      day = { key, label: shortDayLabel(key), slots: [] };
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}

/** A Start Now button shows when an accepted booking is within one minute. */
export const canStartNow = (b: Pick<BookingItem, 'status' | 'book_time'>, now: number) =>
  b.status === 'accepted' &&
  b.book_time * 1000 - now <= BOOKING_START_NOW_S * 1000 &&
  b.book_time * 1000 > now - 600_000;

export const STATUS_LABELS: Record<BookingItem['status'], string> = {
  pending: 'Pending',
  accepted: 'Scheduled',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  noshow: 'Did not take place',
  completed: 'Completed',
};

/** The /schedule and /liverequest filters. */
export type BookingFilter = 'all' | 'pending' | 'scheduled' | 'invites' | 'history';
export function filterBookings(
  list: readonly BookingItem[],
  filter: BookingFilter,
  now: number,
): BookingItem[] {
  const scheduled = (b: BookingItem) => b.status === 'accepted' && b.book_time * 1000 > now;
  switch (filter) {
    case 'pending':
      return list.filter((b) => b.status === 'pending' && b.kind === 'request');
    case 'invites':
      return list.filter((b) => b.status === 'pending' && b.kind === 'invite');
    case 'scheduled':
      return list.filter(scheduled);
    case 'history':
      return list.filter((b) => b.status !== 'pending' && !scheduled(b));
    default:
      return [...list];
  }
}
