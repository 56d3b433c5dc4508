/** SPEC §3/§9 local notifications: cap 50, the bell's '9+', the panel marks them read, toasts 3–4 s with a sound. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeCount } from '../../../src/shared/format.js';
import { NotificationsService } from '../../../src/renderer/notifications/notificationsService.js';
import {
  INITIAL_NOTIFICATIONS_STATE,
  selectUnread,
  useNotificationsStore,
} from '../../../src/renderer/notifications/notificationsStore.js';

function setup() {
  const toast = vi.fn();
  const playSound = vi.fn();
  let now = 1_000;
  const service = new NotificationsService({ toast, playSound, now: () => now++ });
  return { service, toast, playSound };
}

const unread = () => selectUnread(useNotificationsStore.getState());

describe('notifications (SPEC §9: list cap 50, bell 9+, toast 3–4 s, sound 0.3)', () => {
  beforeEach(() => useNotificationsStore.setState({ ...INITIAL_NOTIFICATIONS_STATE }));

  it('keeps the newest 50, newest first', () => {
    const { service } = setup();
    for (let i = 1; i <= 55; i += 1) service.push({ type: 'ping', title: `Ping ${i}`, message: 'hi' });
    const items = useNotificationsStore.getState().items;
    expect(items).toHaveLength(50);
    expect(items[0]?.title).toBe('Ping 55');
    expect(items.at(-1)?.title).toBe('Ping 6');
    expect(new Set(items.map((n) => n.id)).size).toBe(50);
  });

  it("counts unread for the bell ('9+' past 9) and the panel marks them all read", () => {
    const { service } = setup();
    for (let i = 0; i < 9; i += 1) service.push({ type: 'friend_request', title: 'Request', message: 'sara' });
    expect(badgeCount(unread())).toBe('9');
    service.push({ type: 'friend_accepted', title: 'Accepted', message: 'sara' });
    expect(badgeCount(unread())).toBe('9+');
    service.togglePanel();
    expect(unread()).toBe(0);
    expect(useNotificationsStore.getState().panelOpen).toBe(true);
    // Seen at once while the panel is open.
    service.push({ type: 'status_change', title: 'Online', message: 'sara' });
    expect(unread()).toBe(0);
    service.togglePanel();
    service.push({ type: 'status_change', title: 'Offline', message: 'sara' });
    expect(unread()).toBe(1);
  });

  it('toasts each for 3 to 4 seconds and plays the sound each time', () => {
    const { service, toast, playSound } = setup();
    service.push({ type: 'friend_request', title: 'a', message: 'b' });
    service.push({ type: 'status_change', title: 'c', message: 'd' });
    expect(toast.mock.calls.map((c) => c[1])).toEqual([4_000, 3_000]);
    for (const [, ms] of toast.mock.calls) expect(ms).toBeGreaterThanOrEqual(3_000);
    expect(playSound).toHaveBeenCalledTimes(2);
  });

  it('clear empties the list (a new session)', () => {
    const { service } = setup();
    service.push({ type: 'ping', title: 'a', message: 'b' });
    service.clear();
    expect(useNotificationsStore.getState().items).toEqual([]);
  });
});
