/**
 * SPEC §5/§9 ping cooldown: one ping per friend every 5 s. Kept per friend on
 * the station (the server holds the same rule and has the last word).
 */
import { PING_COOLDOWN_MS } from '../../shared/constants.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';

/** 'Wait Ns before pinging this friend again.' with the whole seconds left. */
export const pingCooldownMessage = (seconds: number): UiMessage => ({ key: 'validation.pingCooldown', values: { seconds } });

export class PingCooldowns {
  private readonly last = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whole seconds until this friend may be pinged again (0: now). */
  secondsLeft(friendId: string): number {
    const last = this.last.get(friendId);
    if (last === undefined) return 0;
    const left = PING_COOLDOWN_MS - (this.now() - last);
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** A ping to this friend was sent now. */
  record(friendId: string): void {
    this.last.set(friendId, this.now());
  }

  /** The server said to wait this long (its clock wins). */
  wait(friendId: string, seconds: number): void {
    this.last.set(friendId, this.now() - PING_COOLDOWN_MS + seconds * 1000);
  }

  clear(): void {
    this.last.clear();
  }
}
