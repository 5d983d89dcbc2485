/**
 * Her LIVE badge with a timer running since she went live (ticks once a second while shown).
 */
import { useEffect, useState } from 'react';
import { formatElapsed } from './studio-rules';

export function LiveBadge({ sinceMs }: { sinceMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="studio-live-badge" data-testid="studio-live-badge">
      <span className="badge badge-dot badge-live">LIVE</span>{' '}
      <span role="timer" aria-label="Time live">
        {formatElapsed(now - sinceMs)}
      </span>
    </p>
  );
}
