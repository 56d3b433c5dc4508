/**
 * Performance marks along the unlock path (event received → session stored
 * → route change → dashboard painted), read by `npm run bench -- --only
 * unlock`. A mark costs a few microseconds; nothing else happens here.
 */
import { useLayoutEffect } from 'react';
import { afterNextPaint } from './time/afterPaint.js';

export const UNLOCK_MARKS = {
  event: 'unlock:event',
  stored: 'unlock:session-stored',
  route: 'unlock:route',
  painted: 'unlock:dashboard-painted',
} as const;

export function mark(name: string): void {
  globalThis.performance?.mark?.(name);
}

/** Marks `name` once the component's first frame is on screen. */
export function useFirstPaintMark(name: string): void {
  useLayoutEffect(() => afterNextPaint(() => mark(name)), [name]);
}
