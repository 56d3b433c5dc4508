/**
 * Request budgets: how many tries a key (an IP, a station, a card UID, a
 * phone number, a username…) gets per window. A spent budget is a 429 with a
 * message, before any work is done. Fixed windows, counted in memory on one
 * node, or in a `BudgetStore` shared by every node of a cafe (PostgreSQL:
 * `cluster/postgres-budgets.ts`), so that a client spreading its tries over
 * several nodes gets the same budget as on one.
 */
import { HttpError } from '../base/errors.js';

export interface BudgetRule {
  /** Part of the key and of nothing else: 'login-ip', 'nfc-card', … */
  name: string;
  max: number;
  windowMs: number;
  /** Configured exactly (e.g. the login limit an operator set): the scale does not apply. */
  fixed?: boolean;
}

/** Where tries are counted: one more try of `id`; answers the tries in its window so far and when it resets. */
export interface BudgetStore {
  hit(id: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

interface Window {
  count: number;
  resetAt: number;
}

export class Budgets {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Multiplies every max (tests of other things can relax the budgets). */
    private readonly scale = 1,
    /** Shared counting (several nodes); in memory when absent. */
    private readonly store?: BudgetStore,
  ) {}

  /** Counts one try; throws 429 when the key's budget for this window is spent. */
  async take(rule: BudgetRule, key: string, message = 'Too many attempts.'): Promise<void> {
    const id = `${rule.name}|${key}`;
    const { count, resetInMs } = this.store ? await this.store.hit(id, rule.windowMs) : this.hit(id, rule.windowMs);
    if (count > rule.max * (rule.fixed ? 1 : this.scale)) {
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      throw new HttpError(429, `${message} Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
    }
  }

  private hit(id: string, windowMs: number): { count: number; resetInMs: number } {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(id);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(id, window);
    }
    window.count++;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, window] of this.windows) if (window.resetAt <= now) this.windows.delete(id);
  }
}

const MINUTE = 60_000;

/** Every budget by name; README (src/server/README.md) lists them. */
export const BUDGETS = {
  /** Any open route, per IP (a floor under the specific budgets below). */
  openIp: { name: 'open-ip', max: 300, windowMs: MINUTE },
  loginIp: { name: 'login-ip', max: 20, windowMs: MINUTE },
  loginIpUser: { name: 'login-ip-user', max: 10, windowMs: MINUTE },
  loginStation: { name: 'login-station', max: 30, windowMs: MINUTE },
  nfcStation: { name: 'nfc-station', max: 20, windowMs: MINUTE },
  nfcCard: { name: 'nfc-card', max: 10, windowMs: MINUTE },
  redeemIp: { name: 'redeem-ip', max: 20, windowMs: MINUTE },
  redeemUser: { name: 'redeem-user', max: 10, windowMs: MINUTE },
  checkEmailStation: { name: 'check-email-station', max: 20, windowMs: MINUTE },
  qrStation: { name: 'qr-station', max: 30, windowMs: MINUTE },
  phoneNumber: { name: 'phone-number', max: 3, windowMs: 10 * MINUTE },
  phoneIp: { name: 'phone-ip', max: 10, windowMs: 10 * MINUTE },
  phoneCheck: { name: 'phone-check', max: 10, windowMs: 10 * MINUTE },
  checkUsernameIp: { name: 'check-username-ip', max: 60, windowMs: MINUTE },
  registerIp: { name: 'register-ip', max: 10, windowMs: MINUTE },
  emailLinkIp: { name: 'email-link-ip', max: 10, windowMs: MINUTE },
  emailLinkAddress: { name: 'email-link-address', max: 3, windowMs: 10 * MINUTE },
  enrolIp: { name: 'enrol-ip', max: 20, windowMs: MINUTE },
  enrolStation: { name: 'enrol-station', max: 5, windowMs: MINUTE },
  heartbeatStation: { name: 'heartbeat-station', max: 30, windowMs: MINUTE },
  verifyPasswordUser: { name: 'verify-password-user', max: 10, windowMs: MINUTE },
} satisfies Record<string, BudgetRule>;
