import { useEffect, useState } from 'react';
import { activity, useInBackground, type Activity } from '../core/time/activity.js';

/**
 * The current time, refreshed every `intervalMs` while enabled and the kiosk
 * is seen (issue 27: no ticking while a game runs in front of it; it catches
 * up at once when seen again).
 */
export function useNow(intervalMs: number, enabled = true, source: Activity = activity): number {
  const [now, setNow] = useState(() => Date.now());
  const background = useInBackground(source);
  const ticking = enabled && !background;
  useEffect(() => {
    if (!ticking) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, ticking]);
  return now;
}
