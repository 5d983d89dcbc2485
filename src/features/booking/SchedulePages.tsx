/**
 * The member's scheduled One-on-One pages (spec 002 §2, §3, §5): /schedule/list with its counts
 * (total, pending, scheduled, history), /schedule/detail, /schedule/request (a broadcaster id typed
 * in, 24 hours to 14 days ahead), and /liverequest with its tabs tag1..tag4 and booking (tips).
 * Lists reload when a booking changes (realtime) so two windows agree.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  BookingEvent,
  type BookingInfo,
  type BookingItem,
  type BookingTip,
  type ScheduleListData,
} from '../../../protocol/bookings/booking';
import { Errno, Messages } from '../../../protocol/errors';
import { EventRoute } from '../../../protocol/realtime';
import { ApiError } from '../../api/client';
import { realtime } from '../../realtime';
import { balancesState } from '../../state/balances';
import { userState } from '../../state/user';
import {
  getBookingTipsList,
  getCreateBookingInfo,
  getScheduleDetail,
  getScheduleList,
  sendScheduledBooking,
} from './api';
import { BookingCard } from './BookingCard';
import {
  anchorIdError,
  type BookingFilter,
  bookingErrorOf,
  canStartNow,
  filterBookings,
  SCHEDULE_REQUEST_DAYS,
  windowDays,
} from './rules';
import './booking.css';
import { unreachableText } from '../../api/http';
import { When } from '../../app/time/When';
import { SlotPicker } from './SlotPicker';

const RELOAD_ROUTES = [BookingEvent.bookingChanged, EventRoute.requestHandled, EventRoute.scheduledInvite];

/** Loads with `load`, reloads on booking events and every 30 s (for Start Now and statuses). */
function useLive<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(Date.now());
  const reload = useCallback(async () => {
    try {
      setData(await load());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [load]);
  useEffect(() => {
    void reload();
    const offs = RELOAD_ROUTES.map((route) => realtime.on(route, () => void reload()));
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const refresh = setInterval(() => void reload(), 30_000);
    return () => {
      for (const off of offs) off();
      clearInterval(tick);
      clearInterval(refresh);
    };
  }, [reload]);
  return { data, failed, reload, now };
}

function ListState({ failed, empty, reload }: { failed: boolean; empty: string; reload: () => void }) {
  if (failed)
    return (
      <div role="alert">
        <p>{unreachableText()}</p>
        <button type="button" className="btn btn-secondary" onClick={reload}>
          Try again
        </button>
      </div>
    );
  return <p className="booking-note">{empty}</p>;
}

const FILTERS: { key: BookingFilter; label: string; count: keyof ScheduleListData['counts'] | null }[] = [
  { key: 'all', label: 'All', count: 'total' },
  { key: 'pending', label: 'Pending', count: 'pending' },
  { key: 'scheduled', label: 'Scheduled', count: 'scheduled' },
  { key: 'history', label: 'History', count: 'history' },
];

export function ScheduleListPage() {
  const { data, failed, reload, now } = useLive(getScheduleList);
  const [filter, setFilter] = useState<BookingFilter>('all');
  const list = data ? filterBookings(data.list, filter === 'pending' ? 'all' : filter, now) : [];
  const shown = filter === 'pending' ? list.filter((b) => b.status === 'pending') : list;
  return (
    <div className="page booking-page">
      <h1>Scheduled One-on-One</h1>
      <p>
        <Link to="/schedule/request" className="btn btn-primary">
          Request a scheduled One-on-One
        </Link>
      </p>
      <div className="booking-tabs" role="tablist" aria-label="Filter">
        {FILTERS.map((f) => (
          <a
            key={f.key}
            href={`#${f.key}`}
            role="tab"
            aria-selected={filter === f.key}
            aria-current={filter === f.key ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              setFilter(f.key);
            }}
          >
            {f.label} {data && f.count ? `(${data.counts[f.count]})` : ''}
          </a>
        ))}
      </div>
      {!data && !failed ? (
        <p role="status">Loading…</p>
      ) : shown.length ? (
        <ul className="booking-list">
          {shown.map((b) => (
            <BookingCard key={b.invitation_id} booking={b} now={now} onChanged={() => void reload()} />
          ))}
        </ul>
      ) : (
        <ListState failed={failed} empty="No scheduled One-on-One here yet." reload={() => void reload()} />
      )}
    </div>
  );
}

export function ScheduleDetailPage() {
  const search = useSearch({ strict: false }) as { id?: string };
  const id = String(search.id ?? '');
  const load = useCallback(() => getScheduleDetail(id), [id]);
  const { data, failed, reload, now } = useLive<BookingItem>(load);
  return (
    <div className="page booking-page">
      <h1>Scheduled One-on-One details</h1>
      {data ? (
        <>
          <ul className="booking-list">
            <BookingCard booking={data} now={now} onChanged={() => void reload()} showDetailLink={false} />
          </ul>
          <dl>
            <dt>Broadcaster</dt>
            <dd>
              <Link to="/anchor/$anchorid" params={{ anchorid: data.anchor_id }}>
                {data.anchor_nickname} ({data.anchor_id})
              </Link>
            </dd>
            <dt>Time</dt>
            <dd>
              <When seconds={data.book_time} />
            </dd>
            <dt>Deposit</dt>
            <dd>
              {data.deposit.toFixed(2)} (the first 5 minutes{data.giftid ? ' plus gifts' : ''}; refunded if
              she declines or does not show up)
            </dd>
          </dl>
        </>
      ) : failed ? (
        <p role="alert">{Messages.notFound}</p>
      ) : (
        <p role="status">Loading…</p>
      )}
      <Link to="/schedule/list">Back to my scheduled One-on-One</Link>
    </div>
  );
}

/** /schedule/request?anchorid=: type a broadcaster id, pick one of her times 24 h to 14 days ahead. */
export function ScheduleRequestPage() {
  const search = useSearch({ strict: false }) as { anchorid?: string };
  const { me } = useSnapshot(userState);
  const navigate = useNavigate();
  const [typed, setTyped] = useState(String(search.anchorid ?? ''));
  const [anchorId, setAnchorId] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const [info, setInfo] = useState<BookingInfo | null>(null);
  const [day, setDay] = useState('');
  const [timeId, setTimeId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const ids = { id: useId() };

  async function check(raw = typed) {
    const invalid = anchorIdError(raw, me?.userid ?? '');
    setInfo(null);
    setMessage(null);
    if (invalid) return setIdError(invalid);
    const id = raw.trim().toUpperCase();
    setBusy(true);
    try {
      const data = await getCreateBookingInfo(id, SCHEDULE_REQUEST_DAYS);
      setIdError(null);
      setAnchorId(id);
      setInfo(data);
      setDay('');
      setTimeId('');
    } catch (e) {
      setIdError(
        e instanceof ApiError && e.errno !== Errno.NOT_FOUND && e.errno !== Errno.INVALID_PARAMS
          ? Messages.bookRequestFailed
          : Messages.invalidAnchorId,
      );
    } finally {
      setBusy(false);
    }
  }
  useEffect(() => {
    if (search.anchorid) void check(String(search.anchorid));
  }, []);

  const now = Date.now();
  const days = windowDays(info?.book_time ?? [], now);
  const dayKey = day || days[0]?.key || '';
  const daySlots = days.find((d) => d.key === dayKey)?.slots ?? [];

  async function send() {
    const slot = daySlots.find((s) => s.time_id === timeId);
    if (!slot || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await sendScheduledBooking({
        userid: anchorId,
        book_time: slot.time,
        time_id: slot.time_id,
        need_sms: 0,
      });
      balancesState.credit = answer.left_credit;
      setMessage({ text: Messages.bookRequestSent, ok: true });
      void navigate({ to: '/schedule/detail', search: { id: answer.invitation_id } });
    } catch (e) {
      setMessage({
        text: (e instanceof ApiError ? bookingErrorOf(e.errno, e.message) : bookingErrorOf(-1, '')).message,
        ok: false,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page booking-page">
      <h1>Request a scheduled One-on-One</h1>
      <form
        className="booking-form"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <div className="booking-row">
          <div className="booking-field">
            <label htmlFor={ids.id}>Broadcaster's ID</label>
            <input
              id={ids.id}
              value={typed}
              aria-invalid={!!idError}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="e.g. A2002"
            />
          </div>
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            Check
          </button>
        </div>
        {idError && (
          <p className="booking-error" role="alert" data-testid="anchor-id-error">
            {idError}
          </p>
        )}
      </form>
      {info && !info.priv.booking && <p role="alert">{Messages.anchorNoBooking}</p>}
      {info?.priv.booking && !days.length && <p role="alert">{Messages.noSchedule}</p>}
      {info?.priv.booking && days.length > 0 && (
        <div className="booking-form">
          <p className="booking-note">Times from 24 hours to 14 days from now.</p>
          <div className="booking-row">
            <SlotPicker
              days={days}
              dayKey={dayKey}
              onDay={setDay}
              slots={daySlots}
              timeId={timeId}
              onTime={setTimeId}
            />
          </div>
          <p className="booking-note">
            {info.book_deposit.toFixed(2)} will be charged now for the first 5 minutes; it is refunded if she
            declines or does not show up.
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!timeId || busy}
            onClick={() => void send()}
          >
            BOOK NOW
          </button>
        </div>
      )}
      {message && (
        <p
          className={message.ok ? 'booking-success' : 'booking-error'}
          role={message.ok ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}

const LIVE_TABS: { tab: string; label: string; filter: BookingFilter | null }[] = [
  { tab: 'tag1', label: 'Pending', filter: 'pending' },
  { tab: 'tag2', label: 'Scheduled', filter: 'scheduled' },
  { tab: 'tag3', label: 'Invitations', filter: 'invites' },
  { tab: 'tag4', label: 'History', filter: 'history' },
  { tab: 'booking', label: 'Booking tips', filter: null },
];

function countdown(seconds: number, now: number): string {
  const left = Math.max(0, Math.round(seconds - now / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min ${String(s).padStart(2, '0')} s`;
}

function TipRow({ tip, now }: { tip: BookingTip; now: number }) {
  // A type 0 notice (scheduled) is removed when its countdown ends.
  if (tip.infoType === 0 && tip.book_timestamp * 1000 <= now) return null;
  return (
    <li className="booking-card" data-testid={`tip-${tip.invitation_id}`}>
      <img src={tip.avatar_img} alt="" width={40} height={40} />
      <div className="booking-card-main">
        <strong>
          {tip.user_is_read === 0 && <span className="unread-dot" title="New" />} {tip.nick_name}
        </strong>
        <span>{tip.description}</span>
        <span className="booking-status">
          <When seconds={tip.book_timestamp} />
          {tip.infoType === 0 && ` · starts in ${countdown(tip.book_timestamp, now)}`}
        </span>
      </div>
      <div className="booking-card-actions">
        {tip.infoType === 0 && canStartNow({ status: 'accepted', book_time: tip.book_timestamp }, now) && (
          <Link
            to="/live"
            search={{ anchorid: tip.anchor_id, type: 'private', roomid: `PV${tip.invitation_id}` }}
            className="btn btn-primary btn-small"
          >
            Start Now
          </Link>
        )}
        <Link
          to="/schedule/detail"
          search={{ id: tip.invitation_id }}
          className="btn btn-secondary btn-small"
        >
          View Booking
        </Link>
      </div>
    </li>
  );
}

export function LiveRequestPage({ tab: current }: { tab: string }) {
  const tab = LIVE_TABS.find((t) => t.tab === current) ?? LIVE_TABS[0];
  const load = useCallback(
    async (): Promise<{ list?: BookingItem[]; tips?: BookingTip[] }> =>
      tab?.filter ? { list: (await getScheduleList()).list } : { tips: await getBookingTipsList() },
    [tab],
  );
  const { data, failed, reload, now } = useLive(load);
  const items = tab?.filter && data?.list ? filterBookings(data.list, tab.filter, now) : [];
  const tips = data?.tips ?? [];
  return (
    <div className="page booking-page">
      <h1>My requests</h1>
      <nav className="booking-tabs" aria-label="Requests">
        {LIVE_TABS.map((t) => (
          <Link
            key={t.tab}
            to={`/liverequest/${t.tab}`}
            aria-current={t.tab === tab?.tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {!data && !failed ? (
        <p role="status">Loading…</p>
      ) : tab?.filter ? (
        items.length ? (
          <ul className="booking-list">
            {items.map((b) => (
              <BookingCard key={b.invitation_id} booking={b} now={now} onChanged={() => void reload()} />
            ))}
          </ul>
        ) : (
          <ListState failed={failed} empty="Nothing here yet." reload={() => void reload()} />
        )
      ) : tips.length ? (
        <ul className="booking-list">
          {tips.map((t) => (
            <TipRow key={t.invitation_id} tip={t} now={now} />
          ))}
        </ul>
      ) : (
        <ListState failed={failed} empty="No booking notices yet." reload={() => void reload()} />
      )}
    </div>
  );
}
