/**
 * Requests members sent (instant One-on-One and hang-out), live, with Accept and Decline. One that
 * arrives by socket also shows a toast with Accept and View, and a tone unless she muted it.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  EventRoute,
  type IncomingRequest,
  type MemberHangoutRequestNotice,
  type MemberInstantRequestNotice,
  type RequestCancelledNotice,
} from '../../../protocol/realtime';
import { errorText } from '../../api/use-request';
import { BROADCASTER_HOME } from '../../app/session/guard';
import { realtime } from '../../realtime';
import { getIncomingRequests, type HandleType, handleBooking } from '../invites/api';
import { MemberAvatar } from './OnlineMembers';
import { RequestToasts } from './RequestToasts';
import { requestSoundOn, requestToastMs, requestTone, setRequestSound } from './request-alerts';
import {
  addRequest,
  type ListedRequest,
  openRequests,
  removeRequest,
  requestFromHangout,
  requestFromInstant,
} from './workspace';

export function IncomingRequests() {
  const [items, setItems] = useState<ListedRequest[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [rowError, setRowError] = useState<Record<string, string>>({});
  const [now, setNow] = useState(Date.now);
  const [soundOn, setSoundOn] = useState(() => requestSoundOn());
  const soundRef = useRef(soundOn);
  soundRef.current = soundOn;
  const panel = useRef<HTMLElement>(null);
  /** Requests that arrived by socket while this page is open, shown as toasts for a while. */
  const [toasts, setToasts] = useState<IncomingRequest[]>([]);

  const load = useCallback(async () => {
    try {
      const list = await getIncomingRequests();
      const at = Date.now();
      setItems((current) => list.reduce((acc, request) => addRequest(acc, request, at), current));
      setState('ready');
    } catch (e) {
      setError(errorText(e));
      setState('error');
    }
  }, []);

  useEffect(() => {
    void load();
    const arrived = (request: IncomingRequest) => {
      setItems((current) => addRequest(current, request, Date.now()));
      setToasts((current) => [request, ...current.filter((t) => t.invitation_id !== request.invitation_id)]);
      const id = request.invitation_id;
      setTimeout(
        () => setToasts((current) => current.filter((t) => t.invitation_id !== id)),
        requestToastMs(request),
      );
      requestTone(soundRef.current);
    };
    const offs = [
      realtime.on<MemberInstantRequestNotice>(EventRoute.memberInstantRequest, (notice) =>
        arrived(requestFromInstant(notice, Date.now())),
      ),
      realtime.on<MemberHangoutRequestNotice>(EventRoute.memberHangoutRequest, (notice) =>
        arrived(requestFromHangout(notice, Date.now())),
      ),
      realtime.on<RequestCancelledNotice>(EventRoute.requestCancelled, (notice) =>
        setItems((current) => removeRequest(current, notice.invitation_id)),
      ),
    ];
    // Requests close when their time is up.
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      for (const off of offs) off();
      clearInterval(timer);
    };
  }, [load]);

  const answer = async (invitationId: string, type: HandleType) => {
    setBusy((b) => ({ ...b, [invitationId]: true }));
    setRowError((e) => ({ ...e, [invitationId]: '' }));
    try {
      await handleBooking(invitationId, type);
      setItems((current) => removeRequest(current, invitationId));
    } catch (e) {
      setRowError((r) => ({ ...r, [invitationId]: errorText(e) }));
    } finally {
      setBusy((b) => ({ ...b, [invitationId]: false }));
    }
  };

  const navigate = useNavigate();
  /** From another section of her workspace (the studio hidden, so this panel too) back to it. */
  const toStudio = async () => {
    if (panel.current && panel.current.offsetParent === null) await navigate({ to: BROADCASTER_HOME });
  };
  const view = async (request: IncomingRequest) => {
    await toStudio();
    const row = panel.current?.querySelector<HTMLElement>(`[data-invitation-id="${request.invitation_id}"]`);
    (row ?? panel.current)?.scrollIntoView({ block: 'nearest' });
    panel.current?.focus();
  };

  const open = openRequests(items, now);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      className="card workspace-panel incoming-requests"
      aria-labelledby="incoming-title"
      data-testid="incoming-requests"
    >
      <header className="workspace-head">
        <h2 id="incoming-title">Requests from members</h2>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-pressed={soundOn}
          data-testid="request-sound"
          onClick={() => {
            setRequestSound(!soundOn);
            setSoundOn(!soundOn);
          }}
        >
          {soundOn ? 'Sound on' : 'Sound off'}
        </button>
      </header>
      <RequestToasts
        requests={toasts.filter((t) => items.some((i) => i.request.invitation_id === t.invitation_id))}
        onAccept={(request) => {
          // Her Join waits in the studio once he enters.
          void answer(request.invitation_id, 1);
          void toStudio();
        }}
        onView={(request) => void view(request)}
        onDismiss={(request) =>
          setToasts((current) => current.filter((t) => t.invitation_id !== request.invitation_id))
        }
      />
      {state === 'loading' && open.length === 0 && <p className="workspace-empty">Loading requests…</p>}
      {state === 'error' && open.length === 0 && (
        <p className="workspace-empty" role="alert">
          {error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      )}
      {state === 'ready' && open.length === 0 && (
        <p className="workspace-empty" data-testid="requests-empty">
          No requests right now. Members’ One-on-One and Hang-out requests appear here.
        </p>
      )}
      {open.length > 0 && (
        <ul className="workspace-list">
          {open.map(({ request, endsAt }) => (
            <li
              key={request.invitation_id}
              className="workspace-row"
              data-testid="incoming-request"
              data-invitation-id={request.invitation_id}
              data-userid={request.userid}
            >
              <MemberAvatar photourl={request.photourl} name={request.nickname} />
              <span className="workspace-who">
                <strong>{request.nickname}</strong>
                <span className="workspace-sub">
                  {request.type === 'hangout' ? 'Hang-out request' : 'One-on-One request'} ·{' '}
                  {Math.max(0, Math.ceil((endsAt - now) / 1000))} s left
                </span>
                {rowError[request.invitation_id] && (
                  <span className="workspace-status status-failed" role="alert">
                    {rowError[request.invitation_id]}
                  </span>
                )}
              </span>
              <span className="workspace-actions">
                {request.type === 'hangout' ? (
                  // A hang-out starts with her camera: its Start hang-out is in the Hang-out panel.
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    onClick={() => document.getElementById('hangout-panel-title')?.scrollIntoView()}
                  >
                    Start in Hang-out
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    data-testid="accept-request"
                    disabled={busy[request.invitation_id]}
                    onClick={() => void answer(request.invitation_id, 1)}
                  >
                    Accept
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  data-testid="decline-request"
                  disabled={busy[request.invitation_id]}
                  onClick={() => void answer(request.invitation_id, 2)}
                >
                  Decline
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
