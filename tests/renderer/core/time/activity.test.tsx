/** Issue 27: the kiosk's background policy, what follows it, and the clock that stops ticking on it. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Activity, isBackground, type ActivityBridge } from '../../../../src/renderer/core/time/activity.js';
import { useNow } from '../../../../src/renderer/dashboard/useNow.js';

describe('isBackground (the policy)', () => {
  it('is the background when the page is hidden, whatever else', () => {
    expect(isBackground({ hidden: true, focused: true, gamesRunning: 0 })).toBe(true);
    expect(isBackground({ hidden: true, focused: false, gamesRunning: 2 })).toBe(true);
  });

  it('is the background when a game runs and the kiosk does not have the focus', () => {
    expect(isBackground({ hidden: false, focused: false, gamesRunning: 1 })).toBe(true);
  });

  it('is the foreground when the customer brings the kiosk back in front of a running game', () => {
    expect(isBackground({ hidden: false, focused: true, gamesRunning: 1 })).toBe(false);
  });

  it('is the foreground for a visible kiosk with no game, focused or not (the lock screen in a browser)', () => {
    expect(isBackground({ hidden: false, focused: false, gamesRunning: 0 })).toBe(false);
    expect(isBackground({ hidden: false, focused: true, gamesRunning: 0 })).toBe(false);
  });
});

/** A page whose visibility and focus the test sets, with the events a browser sends. */
function fakePage() {
  const docTarget = new EventTarget();
  const winTarget = new EventTarget();
  const state = { visibility: 'visible' as DocumentVisibilityState, focus: true };
  const documentElement = { dataset: {} as DOMStringMap };
  const win = {
    addEventListener: winTarget.addEventListener.bind(winTarget),
    removeEventListener: winTarget.removeEventListener.bind(winTarget),
    document: {
      get visibilityState() {
        return state.visibility;
      },
      hasFocus: () => state.focus,
      addEventListener: docTarget.addEventListener.bind(docTarget),
      removeEventListener: docTarget.removeEventListener.bind(docTarget),
      documentElement,
    },
  };
  return {
    win: win as unknown as Parameters<Activity['attach']>[0],
    documentElement,
    minimize() {
      state.visibility = 'hidden';
      state.focus = false;
      winTarget.dispatchEvent(new Event('blur'));
      docTarget.dispatchEvent(new Event('visibilitychange'));
    },
    restore() {
      state.visibility = 'visible';
      state.focus = true;
      docTarget.dispatchEvent(new Event('visibilitychange'));
      winTarget.dispatchEvent(new Event('focus'));
    },
    blur() {
      state.focus = false;
      winTarget.dispatchEvent(new Event('blur'));
    },
  };
}

function fakeBridge() {
  const handlers = new Map<string, (message: { JsonID: string }) => void>();
  const bridge: ActivityBridge = {
    on(command, handler) {
      handlers.set(command, handler);
      return () => handlers.delete(command);
    },
  };
  return { bridge, emit: (command: string, JsonID: string) => handlers.get(command)?.({ JsonID }), handlers };
}

describe('Activity (following the page and the shell)', () => {
  it('goes to the background when the shell minimizes the window, and back when it is restored', () => {
    const page = fakePage();
    const activity = new Activity();
    const heard: boolean[] = [];
    activity.subscribe(() => heard.push(activity.isBackground()));
    activity.attach(page.win);
    page.minimize();
    expect(activity.isBackground()).toBe(true);
    expect(page.documentElement.dataset.background).toBe('');
    page.restore();
    expect(activity.isBackground()).toBe(false);
    expect(page.documentElement.dataset.background).toBeUndefined();
    expect(heard).toEqual([true, false]);
  });

  it('counts the games the shell launched and closed: the focus matters only while one runs', () => {
    const page = fakePage();
    const { bridge, emit } = fakeBridge();
    const activity = new Activity();
    activity.attach(page.win, bridge);
    page.blur();
    expect(activity.isBackground()).toBe(false);
    emit('AppLaunched', 'game-1');
    emit('AppLaunched', 'game-2');
    expect(activity.isBackground()).toBe(true);
    emit('AppClosed', 'game-1');
    expect(activity.isBackground()).toBe(true);
    emit('AppClosed', 'game-2');
    expect(activity.isBackground()).toBe(false);
  });

  it('detach stops following and leaves the foreground', () => {
    const page = fakePage();
    const { bridge, handlers } = fakeBridge();
    const activity = new Activity();
    const detach = activity.attach(page.win, bridge);
    page.minimize();
    detach();
    expect(activity.isBackground()).toBe(false);
    expect(handlers.size).toBe(0);
    page.minimize();
    expect(activity.isBackground()).toBe(false);
  });
});

describe('useNow in the background', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  function Clock({ activity }: { activity: Activity }) {
    return <span data-testid="now">{useNow(1_000, true, activity)}</span>;
  }

  it('stops ticking while the kiosk is in the background and catches up at once when seen again', () => {
    const page = fakePage();
    const activity = new Activity();
    activity.attach(page.win);
    render(<Clock activity={activity} />);
    const start = Date.parse('2026-01-01T10:00:00Z');
    act(() => vi.advanceTimersByTime(2_000));
    expect(Number(screen.getByTestId('now').textContent)).toBe(start + 2_000);

    act(() => page.minimize());
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(60_000));
    expect(Number(screen.getByTestId('now').textContent)).toBe(start + 2_000);

    act(() => page.restore());
    expect(Number(screen.getByTestId('now').textContent)).toBe(start + 62_000);
    act(() => vi.advanceTimersByTime(1_000));
    expect(Number(screen.getByTestId('now').textContent)).toBe(start + 63_000);
  });
});
