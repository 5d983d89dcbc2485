/**
 * The broadcaster's bookings in her workspace (spec 001 §6, §8): members' booking requests to accept
 * or decline (handleBooking), her scheduled invitations (scheduledInviteUser, with the daily quota,
 * and cancelScheduledInvite), and what is scheduled. Reloads when a booking arrives or changes.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { BookingEvent, type BookingInfo, type BookingItem } from '../../../protocol/bookings/booking';
import { Messages } from '../../../protocol/errors';
import { EventRoute } from '../../../protocol/realtime';
import { ApiError } from '../../api/client';
import { useAction } from '../../api/use-action';
import { realtime } from '../../realtime';
import {
  cancelScheduledInvite,
  getLadyBookingInfo,
  getLadyBookings,
  handleBooking,
  scheduledInviteUser,
} from './api';
import './notices';
import { When } from '../../app/time/When';
import { inviteErrorOf, STATUS_LABELS, slotDays } from './rules';
import './booking.css';
import { unreachableText } from '../../api/http';
import { AnswerButtons } from './AnswerButtons';
import { SlotPicker } from './SlotPicker';

function BookingRow({ b, now, onChanged }: { b: BookingItem; now: number; onChanged: () => void }) {
  const { busy, error, act } = useAction(onChanged, Messages.inviteFailed);
  const upcoming = b.book_time * 1000 > now;
  return (
    <li className="booking-card" data-testid={`lady-booking-${b.invitation_id}`}>
      <img src={b.user_avatar} alt="" width={40} height={40} />
      <div className="booking-card-main">
        <strong>
          {b.user_nickname} ({b.user_id})
        </strong>
        <When seconds={b.book_time} />
        <span className="booking-status">
          {b.kind === 'invite' ? 'Your invitation' : 'Booking request'} · {STATUS_LABELS[b.status]}
          {b.giftid && ` · gift ×${b.gift_num}`}
        </span>
        {error && (
          <span className="booking-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="booking-card-actions">
        {b.kind === 'request' && b.status === 'pending' && upcoming && (
          <AnswerButtons
            busy={busy}
            onAnswer={(type) => void act(() => handleBooking(b.invitation_id, type))}
          />
        )}
        {b.kind === 'invite' && (b.status === 'pending' || b.status === 'accepted') && upcoming && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            onClick={() => void act(() => cancelScheduledInvite(b.invitation_id))}
          >
            Cancel
          </button>
        )}
      </div>
    </li>
  );
}

function InviteForm({ onSent }: { onSent: () => void }) {
  const [member, setMember] = useState('');
  const [info, setInfo] = useState<BookingInfo | null>(null);
  const [forMember, setForMember] = useState('');
  const [day, setDay] = useState('');
  const [timeId, setTimeId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const ids = { member: useId() };

  async function loadTimes() {
    const id = member.trim().toUpperCase();
    if (!id) return;
    setBusy(true);
    setMessage(null);
    try {
      setInfo(await getLadyBookingInfo(id));
      setForMember(id);
      setDay('');
      setTimeId('');
    } catch (e) {
      setInfo(null);
      setMessage({
        text: e instanceof ApiError && e.errno === 10007 ? 'No member has this ID.' : Messages.inviteFailed,
        ok: false,
      });
    } finally {
      setBusy(false);
    }
  }

  const days = info ? slotDays(info.book_time, Date.now()) : [];
  const dayKey = day || days.find((d) => d.slots.length)?.key || '';
  const chosen = days.find((d) => d.key === dayKey);

  async function send() {
    const slot = chosen?.slots.find((s) => s.time_id === timeId);
    if (!slot || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await scheduledInviteUser(forMember, slot.time, slot.time_id);
      setMessage({ text: 'Invitation sent.', ok: true });
      setInfo(null);
      onSent();
    } catch (e) {
      setMessage({
        text: e instanceof ApiError ? inviteErrorOf(e.errno, e.message) : Messages.inviteFailed,
        ok: false,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="booking-form">
      <h3>Invite a member to a scheduled One-on-One</h3>
      <form
        className="booking-row"
        onSubmit={(e) => {
          e.preventDefault();
          void loadTimes();
        }}
      >
        <div className="booking-field">
          <label htmlFor={ids.member}>Member ID</label>
          <input
            id={ids.member}
            value={member}
            onChange={(e) => setMember(e.target.value)}
            placeholder="e.g. M1001"
          />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={busy || !member.trim()}>
          Show my times
        </button>
      </form>
      {info && !info.priv.booking && <p role="alert">{Messages.ladyNoBooking}</p>}
      {info?.priv.booking && (
        <>
          <p className="booking-note">Invitations left today: {info.quota_left ?? 0}</p>
          <div className="booking-row">
            <SlotPicker
              days={days}
              dayKey={dayKey}
              onDay={setDay}
              slots={chosen?.slots ?? []}
              timeId={timeId}
              onTime={setTimeId}
            />
            <button
              type="button"
              className="btn btn-primary"
              disabled={!timeId || busy}
              onClick={() => void send()}
            >
              Send invitation
            </button>
          </div>
          {chosen && !chosen.slots.length && <p className="booking-note">{Messages.noScheduleDay}</p>}
        </>
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

export function LadyBookings() {
  const [list, setList] = useState<BookingItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(Date.now());
  const load = useCallback(async () => {
    try {
      setList(await getLadyBookings());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
    const offs = [BookingEvent.bookingRequest, BookingEvent.bookingChanged, EventRoute.requestCancelled].map(
      (r) => realtime.on(r, () => void load()),
    );
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      for (const off of offs) off();
      clearInterval(tick);
    };
  }, [load]);
  const open = (list ?? []).filter(
    (b) => b.book_time * 1000 > now && (b.status === 'pending' || b.status === 'accepted'),
  );
  const requests = open.filter((b) => b.kind === 'request' && b.status === 'pending');
  const others = open.filter((b) => !requests.includes(b));
  return (
    <section
      className="card workspace-panel lady-bookings"
      aria-labelledby="lady-bookings-title"
      data-testid="lady-bookings"
    >
      <header className="workspace-head">
        <h2 id="lady-bookings-title">One-on-One bookings</h2>
      </header>
      {!list && !failed && <p role="status">Loading…</p>}
      {failed && (
        <p role="alert">
          {unreachableText()}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      )}
      {list && (
        <>
          <h3>Booking requests</h3>
          {requests.length ? (
            <ul className="booking-list">
              {requests.map((b) => (
                <BookingRow key={b.invitation_id} b={b} now={now} onChanged={() => void load()} />
              ))}
            </ul>
          ) : (
            <p className="booking-note">No booking requests waiting.</p>
          )}
          <h3>Scheduled and invited</h3>
          {others.length ? (
            <ul className="booking-list">
              {others.map((b) => (
                <BookingRow key={b.invitation_id} b={b} now={now} onChanged={() => void load()} />
              ))}
            </ul>
          ) : (
            <p className="booking-note">Nothing scheduled yet.</p>
          )}
        </>
      )}
      <InviteForm onSent={() => void load()} />
    </section>
  );
}
