/**
 * Keeps the notification centre (src/state/notice-centre.ts) in step with the server for the
 * signed-in member: the list is read at start, again shortly after anything it lists arrives over
 * the socket (an invitation, mail, a message, a booking answer, a show reminder) and every minute;
 * read marks and do-not-disturb made on his other devices arrive as events and apply at once.
 */
import { subscribe } from 'valtio';
import { BookingEvent } from '../../../protocol/bookings/booking';
import { LiveChatInviteEvent } from '../../../protocol/livechat/livechat-invites';
import { MailEvent } from '../../../protocol/mail/mail-api';
import { PRIVATE_MESSAGE_NOTICE_ROUTE } from '../../../protocol/messages/messages';
import { NoticeEvent } from '../../../protocol/notices/notices';
import { EventRoute } from '../../../protocol/realtime';
import { ReminderEvent } from '../../../protocol/reminders/reminders';
import { realtime } from '../../realtime';
import { noticeCentre } from '../../state/notice-centre';
import { sessionState } from '../../state/session';
import { userState } from '../../state/user';
import { getNoticeList, markNoticeRead, setNoticeQuiet } from './centre-api';

/** What makes the list worth reading again. */
const LISTED_EVENTS = [
  EventRoute.instantInvite,
  EventRoute.publicInvite,
  EventRoute.scheduledInvite,
  EventRoute.hangoutInvite,
  EventRoute.autoInvitePublic,
  EventRoute.autoInvitePrivate,
  LiveChatInviteEvent.invite,
  MailEvent.emfNotice,
  MailEvent.loiNotice,
  PRIVATE_MESSAGE_NOTICE_ROUTE,
  BookingEvent.bookingChanged,
  EventRoute.requestHandled,
  ReminderEvent.showMsg,
];

const REFRESH_DEBOUNCE_MS = 600;
const REFRESH_EVERY_MS = 60_000;

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export async function refreshCentre(): Promise<void> {
  try {
    const answer = await getNoticeList();
    noticeCentre.items = answer.list;
    noticeCentre.quietUntil = answer.quiet_until * 1000;
    noticeCentre.failed = false;
  } catch {
    noticeCentre.failed = true;
  } finally {
    noticeCentre.ready = true;
  }
}

const refreshSoon = () => {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshCentre(), REFRESH_DEBOUNCE_MS);
};

function applyRead(keys: readonly string[]) {
  const read = new Set(keys);
  if (!noticeCentre.items.some((item) => item.read === 0 && read.has(item.key))) return;
  noticeCentre.items = noticeCentre.items.map((item) => (read.has(item.key) ? { ...item, read: 1 } : item));
}

/** Marks entries read here at once, then on the server (which tells his other devices). */
export async function markRead(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  applyRead(keys);
  try {
    await markNoticeRead(keys);
  } catch {
    // Offline or refused: the next read of the list shows them unread again, to be read then.
  }
}

/** Do not disturb for an hour (true) or back on (false); every device of his follows. */
export async function setQuiet(on: boolean): Promise<void> {
  const answer = await setNoticeQuiet(on ? 60 : 0);
  noticeCentre.quietUntil = answer.quiet_until * 1000;
}

/** Runs the centre while a member is signed in; returns the stop. */
export function linkCentre(): () => void {
  let running = '';
  let offs: (() => void)[] = [];
  const stopRunning = () => {
    for (const off of offs) off();
    offs = [];
    clearTimeout(refreshTimer);
    noticeCentre.items = [];
    noticeCentre.ready = false;
    noticeCentre.quietUntil = 0;
  };
  const sync = () => {
    const me = userState.me;
    const want = sessionState.status === 'signed-in' && me?.role === 'man' ? me.userid : '';
    if (want === running) return;
    if (running) stopRunning();
    running = want;
    if (!want) return;
    offs = LISTED_EVENTS.map((route) => realtime.on(route, refreshSoon));
    offs.push(
      realtime.on<{ keys?: string[] }>(NoticeEvent.read, (data) => applyRead(data?.keys ?? [])),
      realtime.on<{ quiet_until?: number }>(NoticeEvent.quiet, (data) => {
        noticeCentre.quietUntil = (data?.quiet_until ?? 0) * 1000;
      }),
    );
    const timer = setInterval(() => void refreshCentre(), REFRESH_EVERY_MS);
    offs.push(() => clearInterval(timer));
    void refreshCentre();
  };
  sync();
  const offSession = subscribe(sessionState, sync);
  const offUser = subscribe(userState, sync);
  return () => {
    offSession();
    offUser();
    if (running) stopRunning();
    running = '';
  };
}
