/**
 * SPEC §4/§9 launch lock: after a launch click every launch button is
 * blocked and shows 'Launching...'; it unblocks by itself after 10 s. A
 * launch the shell reports as failed (CommandFailed for Launch) unblocks at
 * once and says why.
 */
import { LAUNCH_LOCK_MS } from '../../../shared/constants.js';
import type { RendererToShell } from '../../../shared/bridge/protocol.js';
import type { GameEntry } from '../../../shared/entities.js';
import type { ShellListener } from '../../core/bridge/shellBridge.js';
import type { Timers, TimerId } from '../../core/time/timers.js';
import type { GamesStore } from '../gamesStore.js';

/** A centre account to sign in with: its id, and the sign-in only when a SPEC-only server handed it over. */
export interface LaunchAccount {
  id: string;
  username?: string;
  password?: string;
}

export interface LaunchLockDeps {
  bridge: ShellListener & { send(message: RendererToShell): void };
  timers: Timers;
  store: GamesStore;
}

/** The bridge Launch for an entry, with the centre account if one is used (§7). */
export function launchMessage(entry: Pick<GameEntry, 'Json_ID'>, account?: LaunchAccount): RendererToShell {
  return {
    command: 'Launch',
    Json_ID: entry.Json_ID,
    ...(account ? { Account_ID: account.id } : {}),
    ...(account?.username && account.password ? { Username: account.username, Password: account.password } : {}),
  };
}

export class LaunchLock {
  private timer: TimerId | null = null;

  constructor(private readonly deps: LaunchLockDeps) {}

  get locked(): boolean {
    return this.deps.store.getState().launching;
  }

  /** Sends the Launch unless a launch is already under way; returns whether it was sent. */
  launch(entry: Pick<GameEntry, 'Json_ID'>, account?: LaunchAccount): boolean {
    if (this.locked) return false;
    this.send(entry, account);
    return true;
  }

  /** Sends the Launch now (the caller holds the lock, e.g. after assigning an account); the 10 s start again. */
  send(entry: Pick<GameEntry, 'Json_ID'>, account?: LaunchAccount): void {
    this.lock();
    this.deps.bridge.send(launchMessage(entry, account));
  }

  /** Blocks every launch button for 10 s (also used while a centre account is being assigned). */
  lock(): void {
    this.clearTimer();
    this.deps.store.setState({ launching: true, launchError: null });
    this.timer = this.deps.timers.setTimeout(() => this.unlock(), LAUNCH_LOCK_MS);
  }

  unlock(): void {
    this.clearTimer();
    if (this.locked) this.deps.store.setState({ launching: false });
  }

  /** Listens for the shell's failed launches; returns the stop function. */
  attach(): () => void {
    const off = this.deps.bridge.on('CommandFailed', (message) => {
      // (The station feature logs it and shows its toast.)
      if (message.failed !== 'Launch') return;
      this.unlock();
      this.deps.store.setState({ launchError: { text: message.message } });
    });
    return () => {
      off();
      this.clearTimer();
    };
  }

  private clearTimer(): void {
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
