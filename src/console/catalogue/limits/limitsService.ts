/**
 * Money limits (issue 21's wallet, its screen since issue 23): the most one staff movement may move, and
 * the most one shift may credit, in IQD. Staff read them; the owner sets them (the server checks both).
 */
import { setWalletLimits, walletLimits, type WalletLimits } from '../../../shared/api/console.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createLimitsStore } from './limitsStore.js';

export class LimitsService {
  readonly store = createLimitsStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ limits: await this.http.call(walletLimits) });
    });

  /** Saves both limits; the notice names them as saved. */
  save = (limits: WalletLimits) =>
    act(this.store, async () => {
      const saved = await this.http.call(setWalletLimits, { body: limits });
      this.store.setState({ limits: saved, notice: 'saved' });
    });
}
