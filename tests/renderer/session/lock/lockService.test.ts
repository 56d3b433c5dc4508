/** The lock screen's rules and the background video cache (30 minutes). */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { isLockShortcut, LockService, useLockStore } from '../../../../src/renderer/session/lock/lockService.js';
import { GUEST_SESSION } from '../../support/renderApp.js';
import { FakeBridge } from '../../support/fakes.js';
const USER = { ...GUEST_SESSION, username: 'ali', isGuest: false, userId: 'u-ali' };

function setup(session = USER, call = vi.fn()) {
  useLockStore.setState({ locked: false });
  const bridge = new FakeBridge();
  const lock = new LockService({ api: { call } as never, bridge, getSession: () => session });
  return { bridge, lock, call };
}

describe('lock screen', () => {
  it('Ctrl+L locks a user and tells the shell; the right password unlocks', async () => {
    const { bridge, lock, call } = setup(USER, vi.fn(() => Promise.resolve({ isValid: true })));
    expect(isLockShortcut({ key: 'L', ctrlKey: true, altKey: false, metaKey: false })).toBe(true);
    expect(isLockShortcut({ key: 'l', ctrlKey: false, altKey: false, metaKey: false })).toBe(false);
    lock.lock();
    expect(lock.locked).toBe(true);
    expect(bridge.commands()).toEqual(['ScreenLocked', 'NFC_ENABLE']);
    expect(await lock.unlockWithPassword('')).toEqual({ key: 'validation.passwordRequired' });
    expect(await lock.unlockWithPassword('ali12345')).toBeNull();
    expect(call.mock.calls[0]![1]).toEqual({ body: { username: 'ali', password: 'ali12345' } });
    expect(bridge.commands()).toEqual(['ScreenLocked', 'NFC_ENABLE', 'NFC_DISABLE', 'ScreenUnlocked']);
  });

  it("'Incorrect password' and 'Failed to verify password…'", async () => {
    const { lock } = setup(USER, vi.fn().mockResolvedValueOnce({ isValid: false }).mockRejectedValueOnce(new ApiError('x', 'network')));
    lock.lock();
    expect(await lock.unlockWithPassword('nope')).toEqual({ key: 'error.lock.incorrect' });
    expect(await lock.unlockWithPassword('nope')).toEqual({ key: 'error.lock.verify' });
    expect(lock.locked).toBe(true);
  });

  it('only the user’s own card unlocks', async () => {
    const answers = [{ valid: false, userId: null }, { valid: true, userId: 'someone' }, { valid: true, userId: 'u-ali' }];
    const { bridge, lock } = setup(USER, vi.fn(() => Promise.resolve(answers.shift())));
    lock.lock();
    const results: unknown[] = [];
    const stop = lock.listenForCards((r) => results.push(r));
    for (let i = 0; i < 3; i++) {
      bridge.receive({ command: 'NFC_LOGIN', ID: 'CARD' });
      await vi.waitFor(() => expect(results).toHaveLength(i + 1));
    }
    expect(results).toEqual([{ key: 'error.nfcUnlock.notLinked' }, { key: 'error.nfcUnlock.notLinked' }, null]);
    expect(lock.locked).toBe(false);
    stop();
  });

  it('a guest unlocks with one click and the shell hears nothing', () => {
    const { bridge, lock } = setup(GUEST_SESSION);
    lock.lock();
    lock.unlockGuest();
    expect(lock.locked).toBe(false);
    expect(bridge.commands()).toEqual([]);
  });
});
