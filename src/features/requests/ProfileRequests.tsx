/**
 * The profile's request pieces: the Invite One-on-One and Hang-out buttons, the waiting panel with
 * its countdown and Cancel request, the outcome line, and the alert with the server's errmsg.
 */
import { Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../protocol/realtime';
import { useMoneyLabel, usePaymentConfirm } from '../../app/popups/PaymentConfirm';
import { HangoutGuide } from '../hangout/HangoutGuide';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { requestStore, requestsState } from './index';
import type { AnchorRequests } from './store';
import { requestText } from './text';
import './requests.css';
import { lazyWhenOnline } from '../../app/lazy-online';

const HangoutLayer = lazyWhenOnline(() =>
  import('../hangout/HangoutLayer').then((m) => ({ default: m.HangoutLayer })),
);

function useRequests(anchorId: string): AnchorRequests | undefined {
  const { byAnchor } = useSnapshot(requestsState);
  return byAnchor[anchorId] as AnchorRequests | undefined;
}

interface ButtonProps {
  anchorId: string;
  nickname: string;
  label: string;
  className: string;
}

/** Asking holds one minute of One-on-One: the member confirms that price before anything is held. */
export function InviteOneOnOneButton({ anchorId, nickname, label, className }: ButtonProps) {
  const phase = useRequests(anchorId)?.phase ?? 'idle';
  const busy = phase === 'sending' || phase === 'waiting' || phase === 'accepted';
  const confirm = usePaymentConfirm();
  const rate = useMoneyLabel(ONE_ON_ONE_CREDIT_PER_MINUTE);
  const invite = async () => {
    const confirmed = await confirm.ask({
      title: label,
      what: <p>{requestText.oneOnOneCharge(nickname, rate)}</p>,
      amount: ONE_ON_ONE_CREDIT_PER_MINUTE,
      note: requestText.holdReturns,
    });
    if (confirmed) await requestStore.sendOneOnOne(anchorId, nickname);
  };
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid="action-invite-one-on-one"
        disabled={busy}
        aria-busy={phase === 'sending'}
        onClick={() => void invite()}
      >
        {label}
      </button>
      {confirm.dialog}
    </>
  );
}

/** Hang-out opens the friend layer (src/features/hangout), which asks her and opens the room. */
export function HangoutButton({ anchorId, nickname, label, className }: ButtonProps) {
  const hangout = useRequests(anchorId)?.hangout ?? 'idle';
  const [layer, setLayer] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid="action-hang-out"
        disabled={hangout === 'sending'}
        aria-busy={hangout === 'sending'}
        onClick={() => setLayer(true)}
      >
        {label}
      </button>
      <HangoutGuide />
      {layer && (
        <Suspense fallback={null}>
          <HangoutLayer anchorId={anchorId} nickname={nickname} onClose={() => setLayer(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Seconds until `at`, re-read every second while mounted. */
function useSecondsUntil(at: number, active: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export function RequestMessages({ anchorId, nickname }: { anchorId: string; nickname: string }) {
  const item = useRequests(anchorId);
  const phase = item?.phase ?? 'idle';
  const left = useSecondsUntil(item?.expiresAt ?? 0, phase === 'waiting');
  if (!item) return null;
  const name = item.nickname || nickname;
  const error = item.error;

  return (
    <div className="request-area">
      {(phase === 'sending' || phase === 'waiting' || phase === 'accepted' || phase === 'expired') && (
        <section
          className={`request-panel request-${phase}`}
          data-testid="request-panel"
          data-phase={phase}
          aria-label="Your One-on-One request"
        >
          <p className="request-status" data-testid="request-status" role="status">
            {phase === 'sending' && requestText.sending}
            {phase === 'waiting' && requestText.waiting(name)}
            {phase === 'accepted' && requestText.accepted(name)}
            {phase === 'expired' && requestText.expired(name)}
          </p>
          {phase === 'waiting' && (
            <>
              <p className="request-left" data-testid="request-time-left">
                {requestText.timeLeft(left)}
              </p>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid="request-cancel"
                disabled={item.cancelling}
                onClick={() => void requestStore.cancel(anchorId)}
              >
                Cancel request
              </button>
            </>
          )}
          {phase === 'expired' && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => requestStore.dismiss(anchorId)}
            >
              Close
            </button>
          )}
        </section>
      )}
      {(phase === 'declined' || phase === 'cancelled') && (
        <p className="request-outcome" data-testid="request-status" data-phase={phase} role="status">
          {phase === 'declined' ? requestText.declined(name) : requestText.cancelled}
        </p>
      )}
      {item.hangout === 'sent' && (
        <p className="request-outcome" data-testid="hangout-status" role="status">
          {requestText.hangoutSent(name)}
        </p>
      )}
      {error && (
        <p className="request-error" data-testid="request-error" data-errno={error.errno} role="alert">
          {error.message}
          {error.addCredits && (
            <>
              {' '}
              <AddCreditsLink clickFrom={ClickFrom.request} className="request-add-credits">
                {requestText.addCredits}
              </AddCreditsLink>
            </>
          )}
        </p>
      )}
    </div>
  );
}
