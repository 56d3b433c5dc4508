/**
 * Centre-account pools: add an account (its password goes to the server and is
 * never answered back), rotate a password, reveal one (owner only; the server
 * logs it, and the console forgets it when hidden or on the next load),
 * disable, enable, force-release, clear a failed-launch flag.
 */
import {
  adminAddGameAccount,
  adminDisableGameAccount,
  adminEnableGameAccount,
  adminGameAccounts,
  adminGameCatalogue,
  adminReleaseGameAccount,
  adminUnflagGameAccount,
} from '../../../shared/api/admin-games.js';
import { adminRevealGameAccountPassword, adminRotateGameAccountPassword } from '../../../shared/api/admin-catalogue.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createAccountsStore } from './accountsStore.js';

export type AccountAction = 'release' | 'unflag' | 'disable' | 'enable';

export interface NewAccount {
  platform: number;
  username: string;
  password: string;
  stationGroup: string;
  /** The Json_IDs it serves, picked from the catalogue (none = every game of its platform). */
  games: readonly string[];
}

export const gameList = (ids: readonly string[]) => [...new Set(ids.filter(Boolean))];

const ROUTES = { release: adminReleaseGameAccount, unflag: adminUnflagGameAccount, disable: adminDisableGameAccount, enable: adminEnableGameAccount };

export class AccountsService {
  readonly store = createAccountsStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      const [accounts, games] = await Promise.all([this.http.call(adminGameAccounts), this.http.call(adminGameCatalogue, { query: {} })]);
      this.store.setState({ accounts, games, revealed: null });
    });

  add = (input: NewAccount) =>
    act(this.store, async () => {
      const body = {
        platform: input.platform,
        username: input.username.trim(),
        password: input.password,
        ...(input.stationGroup ? { stationGroup: input.stationGroup } : {}),
        ...(gameList(input.games).length ? { games: gameList(input.games) } : {}),
      };
      const added = await this.http.call(adminAddGameAccount, { body });
      this.store.setState({ accounts: await this.http.call(adminGameAccounts), notice: added.accountDisplayName });
    });

  action = (id: string, action: AccountAction) =>
    act(this.store, async () => {
      await this.http.call(ROUTES[action], { params: { id } });
      this.store.setState({ accounts: await this.http.call(adminGameAccounts) });
    });

  rotate = (id: string, password: string) =>
    act(this.store, async () => {
      await this.http.call(adminRotateGameAccountPassword, { params: { id }, body: { password } });
      this.store.setState({ rotated: id, revealed: null });
    });

  reveal = (id: string) =>
    act(this.store, async () => {
      const { password } = await this.http.call(adminRevealGameAccountPassword, { params: { id } });
      this.store.setState({ revealed: { id, password } });
    });

  hide = () => this.store.setState({ revealed: null });
}
