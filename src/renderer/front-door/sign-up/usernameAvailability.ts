/**
 * SPEC §4/§5 username availability on the sign-up face: idle until 3+
 * characters pass the format, then checking after a 500 ms pause in typing,
 * then available or unavailable. A newer input cancels an older check.
 */
import { USERNAME_CHECK_DELAY_MS } from '../../../shared/constants.js';
import { shouldCheckUsername } from '../../../shared/validation/auth.js';
import { globalTimers, type TimerId, type Timers } from '../../core/time/timers.js';

export type Availability = 'idle' | 'checking' | 'available' | 'unavailable';

export class UsernameAvailability {
  private timer: TimerId | null = null;
  private generation = 0;

  constructor(
    /** GET /auth/client/check-username (errors are passed on to the caller, SPEC §8). */
    private readonly check: (username: string) => Promise<{ available: boolean }>,
    private readonly onChange: (state: Availability) => void,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly timers: Timers = globalTimers,
  ) {}

  input(username: string): void {
    this.cancel();
    const generation = ++this.generation;
    if (!shouldCheckUsername(username)) {
      this.onChange('idle');
      return;
    }
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.onChange('checking');
      this.check(username).then(
        (result) => {
          if (generation === this.generation) this.onChange(result.available ? 'available' : 'unavailable');
        },
        (error: unknown) => {
          if (generation !== this.generation) return;
          this.onChange('idle');
          this.onError(error);
        },
      );
    }, USERNAME_CHECK_DELAY_MS);
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.generation++;
  }
}
