/** The current time, re-read every `ms` while `active` (the show countdowns tick each second). */
import { useEffect, useState } from 'react';

export function useNow(active = true, ms = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
  return now;
}
