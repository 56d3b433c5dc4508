/** SPEC §9 timing rules of the front door, with fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleCollapse } from '../../../../src/renderer/front-door/station-panel/idleCollapse.js';
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('side panel (15 s idle collapse)', () => {
  it('opens on activity and collapses exactly 15 s after the last one', () => {
    const states: boolean[] = [];
    const idle = new IdleCollapse((open) => states.push(open));
    idle.activity();
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(10_000);
    idle.activity();
    vi.advanceTimersByTime(14_999);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
    idle.activity();
    expect(states).toEqual([true, false, true]);
    idle.dispose();
  });
});
