/**
 * A timeout owned by a component's life: `callback` runs `ms` after `key`
 * becomes non-null (or changes), and never after the component is gone or
 * `key` went back to null. Components use this instead of raw timers.
 */
import { useEffect, useRef } from 'react';
import { globalTimers, type Timers } from './timers.js';

export function useTimeout(key: unknown, ms: number, callback: () => void, timers: Timers = globalTimers): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    if (key === null || key === undefined || key === false) return;
    const id = timers.setTimeout(() => latest.current(), ms);
    return () => timers.clearTimeout(id);
  }, [key, ms, timers]);
}
