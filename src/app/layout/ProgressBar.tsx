/** A thin progress bar on every page change. */
import { useLocation, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

type Phase = 'idle' | 'running' | 'done';

export function ProgressBar() {
  const href = useLocation({ select: (l) => l.href });
  const pending = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (pending) setPhase('running');
  }, [pending]);

  // Every change runs the bar, even one that resolves at once.
  useEffect(() => {
    if (!href) return;
    setPhase('running');
  }, [href]);

  useEffect(() => {
    if (phase === 'running' && !pending) {
      const t = setTimeout(() => setPhase('done'), 180);
      return () => clearTimeout(t);
    }
    if (phase === 'done') {
      const t = setTimeout(() => setPhase('idle'), 350);
      return () => clearTimeout(t);
    }
  }, [phase, pending]);

  return <div className={`progress-bar progress-${phase}`} aria-hidden="true" />;
}
