/**
 * Her One-on-One's running timer, and the summary she sees when it ends (the member, how long).
 */
import { useEffect, useState } from 'react';
import { formatElapsed } from './studio-rules';

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

export interface OneOnOneEnded {
  nickname: string;
  userId: string;
  ms: number;
}

export function OneOnOneSummary({ ended }: { ended: OneOnOneEnded }) {
  return (
    <p className="one-on-one-summary" data-testid="one-on-one-summary">
      Your One-on-One with <strong>{ended.nickname}</strong> ({ended.userId}) lasted {formatElapsed(ended.ms)}
      .
    </p>
  );
}
