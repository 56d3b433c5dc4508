/**
 * SPEC §2/§4/§5 prepaid card redeem panel (profile): collapsed or expanded;
 * the code auto-formatted RC-XXXX-XXXX-XXXX; 'Please enter a prepaid card
 * code'; POST /prepaid-cards/redeem; success shows the IQD added and the
 * panel collapses 2 s later.
 */
import { redeemPrepaid } from '../../shared/api/profile.js';
import { formatPrepaidCode, validatePrepaidCode } from '../../shared/validation/cards.js';
import { REDEEM_COLLAPSE_MS } from '../../shared/constants.js';
import type { ApiClient } from '../core/api/httpClient.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';
import { serverOr } from './profileService.js';
import { useProfileStore, type ProfileStore } from './profileStore.js';

export interface PrepaidRedeemDeps {
  api: Pick<ApiClient, 'call'> | null;
  /** The balance changed: reload what shows it. */
  onRedeemed(): void;
  timers?: Timers;
  store?: ProfileStore;
}

export class PrepaidRedeem {
  private readonly store: ProfileStore;
  private readonly timers: Timers;
  private collapseTimer: TimerId | null = null;

  constructor(private readonly deps: PrepaidRedeemDeps) {
    this.store = deps.store ?? useProfileStore;
    this.timers = deps.timers ?? globalTimers;
  }

  private patch(change: Partial<ReturnType<ProfileStore['getState']>['redeem']>): void {
    this.store.setState((s) => ({ redeem: { ...s.redeem, ...change } }));
  }

  toggle(): void {
    const expanded = !this.store.getState().redeem.expanded;
    this.cancelCollapse();
    this.patch({ expanded, error: null, added: null });
  }

  type(raw: string): void {
    this.patch({ code: formatPrepaidCode(raw), error: null });
  }

  async submit(): Promise<void> {
    const { code, busy } = this.store.getState().redeem;
    if (busy) return;
    const invalid = validatePrepaidCode(code);
    if (invalid) return this.patch({ error: invalid, added: null });
    if (!this.deps.api) return this.patch({ error: { key: 'error.prepaid.api' } });
    this.patch({ busy: true, error: null, added: null });
    try {
      const result = await this.deps.api.call(redeemPrepaid, { body: { code } });
      if (!result.success) {
        this.patch({ busy: false, error: result.message ? { text: result.message } : { key: 'error.prepaid.card' } });
        return;
      }
      this.patch({ busy: false, code: '', added: result.balanceAdded });
      this.deps.onRedeemed();
      this.cancelCollapse();
      this.collapseTimer = this.timers.setTimeout(() => {
        this.collapseTimer = null;
        this.patch({ expanded: false, added: null });
      }, REDEEM_COLLAPSE_MS);
    } catch (error) {
      this.patch({ busy: false, error: serverOr(error, 'error.prepaid.redeem') });
    }
  }

  private cancelCollapse(): void {
    if (this.collapseTimer !== null) this.timers.clearTimeout(this.collapseTimer);
    this.collapseTimer = null;
  }

  stop(): void {
    this.cancelCollapse();
  }
}
