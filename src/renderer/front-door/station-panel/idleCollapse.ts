/**
 * SPEC §2 side panel: opens on mouse or key activity and collapses after
 * 15 seconds without any.
 */
import { SIDE_PANEL_COLLAPSE_MS } from '../../../shared/constants.js';
import { globalTimers, type TimerId, type Timers } from '../../core/time/timers.js';

export class IdleCollapse {
  private timer: TimerId | null = null;
  private open = false;

  constructor(
    private readonly onChange: (open: boolean) => void,
    private readonly timers: Timers = globalTimers,
  ) {}

  /** Any mouse or key activity. */
  activity(): void {
    if (!this.open) {
      this.open = true;
      this.onChange(true);
    }
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.open = false;
      this.onChange(false);
    }, SIDE_PANEL_COLLAPSE_MS);
  }

  dispose(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
