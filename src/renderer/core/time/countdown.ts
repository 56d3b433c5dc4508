/**
 * A whole-second countdown: the phone modal's 60 s resend wait and the login
 * gates' 120 s limit. Ticks once a second; calls onZero once at 0.
 */
import { globalTimers, type TimerId, type Timers } from './timers.js';

export class Countdown {
  private timer: TimerId | null = null;
  private left = 0;

  constructor(
    private readonly seconds: number,
    private readonly onChange: (secondsLeft: number) => void,
    private readonly onZero: () => void = () => undefined,
    private readonly timers: Timers = globalTimers,
  ) {}

  get secondsLeft(): number {
    return this.left;
  }

  /** (Re)start from the full time. */
  start(): void {
    this.stop();
    this.left = this.seconds;
    this.onChange(this.left);
    this.timer = this.timers.setInterval(() => {
      this.left = Math.max(0, this.left - 1);
      this.onChange(this.left);
      if (this.left === 0) {
        this.stop();
        this.onZero();
      }
    }, 1_000);
  }

  stop(): void {
    if (this.timer !== null) this.timers.clearInterval(this.timer);
    this.timer = null;
  }
}

/** SPEC §9: the gates' countdown turns red at 30 s or less. */
export function isCountdownUrgent(secondsLeft: number, redAt: number): boolean {
  return secondsLeft <= redAt;
}

/** 120 → '2:00'. */
export function formatCountdown(secondsLeft: number): string {
  const m = Math.floor(secondsLeft / 60);
  const s = secondsLeft % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
