/**
 * The cafe's setup (owner): station enrolment (a one-time pairing code, or revoking a
 * station's credential), centre accounts (release, clear a flag, disable, enable), and
 * which offers customers see. Each through the admin route the CLI uses.
 */
import { createStore } from 'zustand/vanilla';
import { adminGameAccounts, adminDisableGameAccount, adminEnableGameAccount, adminReleaseGameAccount, adminUnflagGameAccount, type AdminGameAccount } from '../../shared/api/admin-games.js';
import { adminOffers, adminUpdateOffer, type AdminOffer } from '../../shared/api/admin-store.js';
import { adminPairingCode, adminRevokeCredential } from '../../shared/api/enrolment.js';
import type { Http } from '../core/http.js';

export interface SetupState {
  accounts: AdminGameAccount[];
  offers: AdminOffer[];
  /** stationId → the code just issued (shown once). */
  codes: Record<string, { code: string; expiresAt: string }>;
  notice: string | null;
  error: string | null;
}

export class SetupService {
  readonly store = createStore<SetupState>(() => ({ accounts: [], offers: [], codes: {}, notice: null, error: null }));

  constructor(private readonly http: Http) {}

  load = () =>
    this.act(async () => {
      const [accounts, offers] = await Promise.all([this.http.call(adminGameAccounts), this.http.call(adminOffers)]);
      this.store.setState({ accounts, offers });
    });

  pair = (stationId: string) =>
    this.act(async () => {
      const { pairingCode, expiresAt } = await this.http.call(adminPairingCode, { params: { stationId } });
      this.store.setState({ codes: { ...this.store.getState().codes, [stationId]: { code: pairingCode, expiresAt } } });
    });

  revoke = (stationId: string) =>
    this.act(async () => {
      const { message } = await this.http.call(adminRevokeCredential, { params: { stationId } });
      this.store.setState({ notice: message });
    });

  account = (id: string, action: 'release' | 'unflag' | 'disable' | 'enable') =>
    this.act(async () => {
      const route = { release: adminReleaseGameAccount, unflag: adminUnflagGameAccount, disable: adminDisableGameAccount, enable: adminEnableGameAccount }[action];
      await this.http.call(route, { params: { id } });
      this.store.setState({ accounts: await this.http.call(adminGameAccounts) });
    });

  offerActive = (id: string, active: boolean) =>
    this.act(async () => {
      await this.http.call(adminUpdateOffer, { params: { id }, body: { active } });
      this.store.setState({ offers: await this.http.call(adminOffers) });
    });

  private async act(work: () => Promise<void>): Promise<void> {
    this.store.setState({ error: null, notice: null });
    try {
      await work();
    } catch (error) {
      this.store.setState({ error: error instanceof Error ? error.message : String(error) });
    }
  }
}
