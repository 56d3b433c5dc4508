/**
 * SPEC §2/§4 lock screen: Ctrl+L locks when a user is signed in; the user
 * unlocks with their password (POST /auth/client/verify-password) or their
 * own NFC card (POST /nfc-cards/verify); a guest unlocks with one click. The
 * shell hears ScreenLocked / ScreenUnlocked for non-guests, and the reader
 * is on while a non-guest's screen is locked.
 */
import { create } from 'zustand';
import { verifyPassword } from '../../../shared/api/auth.js';
import { verifyNfcCard } from '../../../shared/api/profile.js';
import type { StoredSession } from '../../../shared/entities.js';
import { validateLockPassword } from '../../../shared/validation/auth.js';
import type { ShellBridge } from '../../core/bridge/shellBridge.js';
import type { ApiClient } from '../../core/api/httpClient.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';

export interface LockState {
  locked: boolean;
}

export const useLockStore = create<LockState>()(() => ({ locked: false }));
export type LockStore = typeof useLockStore;

export interface LockServiceDeps {
  api: Pick<ApiClient, 'call'>;
  bridge: Pick<ShellBridge, 'send' | 'on'>;
  getSession: () => StoredSession | null;
  store?: LockStore;
}

export class LockService {
  private readonly store: LockStore;
  private offCards: (() => void) | null = null;

  constructor(private readonly deps: LockServiceDeps) {
    this.store = deps.store ?? useLockStore;
  }

  get locked(): boolean {
    return this.store.getState().locked;
  }

  /** Ctrl+L: only with a signed-in user. */
  lock(): void {
    const session = this.deps.getSession();
    if (!session || this.locked) return;
    this.store.setState({ locked: true });
    if (session.isGuest) return;
    this.deps.bridge.send({ command: 'ScreenLocked' });
    this.deps.bridge.send({ command: 'NFC_ENABLE' });
  }

  /** Password unlock: null when unlocked, else the message to show. */
  async unlockWithPassword(password: string): Promise<UiMessage | null> {
    const session = this.deps.getSession();
    if (!session) return this.release(), null;
    const invalid = validateLockPassword(password);
    if (invalid) return { key: invalid.key };
    try {
      const { isValid } = await this.deps.api.call(verifyPassword, { body: { username: session.username, password } });
      if (!isValid) return { key: 'error.lock.incorrect' };
    } catch {
      return { key: 'error.lock.verify' };
    }
    this.release();
    return null;
  }

  /** The user's own NFC card unlocks; another card does not. */
  async unlockWithCard(cardUid: string): Promise<UiMessage | null> {
    const session = this.deps.getSession();
    if (!session || !this.locked) return null;
    try {
      const result = await this.deps.api.call(verifyNfcCard, { body: { cardUid } });
      if (!result.valid || result.userId !== session.userId) return { key: 'error.nfcUnlock.notLinked' };
    } catch {
      return { key: 'error.nfcUnlock.failed' };
    }
    this.release();
    return null;
  }

  /** A guest's one click. */
  unlockGuest(): void {
    if (this.deps.getSession()?.isGuest) this.release();
  }

  /** Listen for card taps while locked; returns the stop function. */
  listenForCards(onResult: (message: UiMessage | null) => void): () => void {
    this.offCards?.();
    const off = this.deps.bridge.on('NFC_LOGIN', (message) => {
      if (!this.locked || this.deps.getSession()?.isGuest) return;
      void this.unlockWithCard(message.ID).then(onResult);
    });
    this.offCards = off;
    return () => {
      off();
      if (this.offCards === off) this.offCards = null;
    };
  }

  /**
   * Ctrl+L on `target` locks; a session that ends while locked leaves
   * nothing to protect. Returns the function that stops.
   */
  attach(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, onSessionEnded: (listener: () => void) => () => void): () => void {
    const onKey = (event: KeyboardEvent) => {
      if (!isLockShortcut(event)) return;
      event.preventDefault();
      this.lock();
    };
    target.addEventListener('keydown', onKey);
    const offEnded = onSessionEnded(() => {
      if (this.locked) this.store.setState({ locked: false });
    });
    return () => {
      target.removeEventListener('keydown', onKey);
      offEnded();
    };
  }

  /** Unlock (also when the session ends while locked). */
  release(): void {
    if (!this.locked) return;
    const session = this.deps.getSession();
    this.store.setState({ locked: false });
    if (session && !session.isGuest) {
      this.deps.bridge.send({ command: 'NFC_DISABLE' });
      this.deps.bridge.send({ command: 'ScreenUnlocked' });
    }
  }
}

/** Ctrl+L (any case), not with Alt or Meta. */
export function isLockShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>): boolean {
  return event.ctrlKey && !event.altKey && !event.metaKey && event.key.toLowerCase() === 'l';
}
