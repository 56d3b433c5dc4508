/**
 * SPEC §4 QR modal polling: once a second, at most 120 attempts. 'completed'
 * ends with the user data (with none: 'OAuth authentication failed'); 'expired' or reaching the limit ends with 'QR code
 * expired…'; a request failure at the limit ends with 'Connection timeout…'.
 * Stopping (the back arrow, closing) cancels it.
 */
import { QR_POLL_INTERVAL_MS, QR_POLL_MAX_ATTEMPTS } from '../../../shared/constants.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { globalTimers, type TimerId, type Timers } from '../../core/time/timers.js';

export type QrPollOutcome<T> = { kind: 'completed'; userData: T } | { kind: 'failed'; message: UiMessage };

export interface QrStatus<T> {
  status: 'completed' | 'expired' | 'pending';
  userData: T | null;
}

export class QrPoller<T> {
  private timer: TimerId | null = null;
  private attempts = 0;
  private stopped = false;

  constructor(
    private readonly poll: () => Promise<QrStatus<T>>,
    private readonly onDone: (outcome: QrPollOutcome<T>) => void,
    private readonly timers: Timers = globalTimers,
  ) {}

  start(): void {
    this.stopped = false;
    this.attempts = 0;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.timer = this.timers.setTimeout(() => void this.tick(), QR_POLL_INTERVAL_MS);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    this.attempts++;
    const atLimit = this.attempts >= QR_POLL_MAX_ATTEMPTS;
    let result: QrStatus<T>;
    try {
      result = await this.poll();
    } catch {
      if (this.stopped) return;
      if (atLimit) return this.finish({ kind: 'failed', message: { key: 'qr.timeout' } });
      return this.schedule();
    }
    if (this.stopped) return;
    if (result.status === 'completed') {
      // Completed with nothing to log in with: the provider's side failed.
      if (!result.userData) return this.finish({ kind: 'failed', message: { key: 'error.oauth.failed' } });
      return this.finish({ kind: 'completed', userData: result.userData });
    }
    if (result.status === 'expired' || atLimit) return this.finish({ kind: 'failed', message: { key: 'qr.expired' } });
    this.schedule();
  }

  private finish(outcome: QrPollOutcome<T>): void {
    this.stop();
    this.onDone(outcome);
  }
}
