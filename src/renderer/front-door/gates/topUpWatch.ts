/**
 * SPEC §2/§4 top-up gate, outside React: the offers list once, and the
 * profile polled every 3 s until the held login may go in (balance plus
 * protected balance ≥ 100 IQD with the flag cleared).
 */
import { customerOffers } from '../../../shared/api/profile.js';
import { BALANCE_POLL_MS } from '../../../shared/constants.js';
import type { Offer } from '../../../shared/entities.js';
import type { ApiClient } from '../../core/api/httpClient.js';
import { globalTimers, type TimerId, type Timers } from '../../core/time/timers.js';
import type { FrontDoorService } from '../frontDoorService.js';

export interface TopUpWatchDeps {
  api: Pick<ApiClient, 'call'>;
  frontDoor: Pick<FrontDoorService, 'pollTopUp'>;
  timers?: Timers;
  log?: Pick<Console, 'warn'>;
}

export class TopUpWatch {
  private timer: TimerId | null = null;
  private live = false;
  private readonly timers: Timers;
  private readonly log: Pick<Console, 'warn'>;

  constructor(private readonly deps: TopUpWatchDeps) {
    this.timers = deps.timers ?? globalTimers;
    this.log = deps.log ?? console;
  }

  /** Load the offers (none on failure) and start polling. */
  start(onOffers: (offers: Offer[]) => void): void {
    if (this.live) return;
    this.live = true;
    this.deps.api.call(customerOffers).then(
      (result) => this.live && onOffers(result.data),
      () => this.live && onOffers([]),
    );
    this.timer = this.timers.setInterval(() => {
      this.deps.frontDoor.pollTopUp().catch((error: unknown) => this.log.warn('[top-up] profile poll failed', error));
    }, BALANCE_POLL_MS);
  }

  stop(): void {
    this.live = false;
    if (this.timer !== null) this.timers.clearInterval(this.timer);
    this.timer = null;
  }
}
