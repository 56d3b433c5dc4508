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
  /** Json_IDs it serves, comma or space separated ('' = every game of its platform). */
  games: string;
}

export const gameList = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

const ROUTES = { release: adminReleaseGameAccount, unflag: adminUnflagGameAccount, disable: adminDisableGameAccount, enable: adminEnableGameAccount };

export class AccountsService {
  readonly store = createAccountsStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ accounts: await this.http.call(adminGameAccounts), revealed: null });
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
