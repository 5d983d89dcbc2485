/**
 * Her One-on-One's running timer and what it has earned so far, and the summary she sees when it
 * ends (the member, how long, what the room earned: read off the ledger, its request's hold included).
 */
import { useEffect, useState } from 'react';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { formatElapsed } from './studio-rules';
import { useEarnings } from './use-earnings';

export function OneOnOneTimer({ sinceMs }: { sinceMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="studio-live-badge">
      <span className="badge badge-dot badge-live">One-on-One</span>{' '}
      <span role="timer" aria-label="One-on-One time" data-testid="one-on-one-timer">
        {formatElapsed(now - sinceMs)}
      </span>
    </p>
  );
}

/** What this One-on-One has earned so far, asked again while it lasts. */
export function OneOnOneEarned({ roomId, sinceMs }: { roomId: string; sinceMs: number }) {
  const [state] = useEarnings({ sinceMs, roomId, active: true });
  const money = useMoneyLabelOf();
  const data = state.status === 'loading' ? undefined : state.data;
  return (
    <p className="one-on-one-earned" data-testid="one-on-one-earned">
      Earned so far: {data ? money(data.room) : '…'}
    </p>
  );
}

export interface OneOnOneEnded {
  nickname: string;
  userId: string;
  roomId: string;
  sinceMs: number;
  ms: number;
}

export function OneOnOneSummary({ ended }: { ended: OneOnOneEnded }) {
  const [state] = useEarnings({ sinceMs: ended.sinceMs, roomId: ended.roomId, active: false });
  const money = useMoneyLabelOf();
  const data = state.status === 'loading' ? undefined : state.data;
  return (
    <p className="one-on-one-summary" data-testid="one-on-one-summary">
      Your One-on-One with <strong>{ended.nickname}</strong> ({ended.userId}) lasted{' '}
      <span data-testid="one-on-one-summary-time">{formatElapsed(ended.ms)}</span>
      {data && (
        <>
          {' '}
          and earned <span data-testid="one-on-one-summary-earned">{money(data.room)}</span>
        </>
      )}
      .
    </p>
  );
}
