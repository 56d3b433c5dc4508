/** Staff accounts (owner): the list, a new account with its role; disable/enable one, reset its password or authenticator. */
import { createStaffAccount, staffAccounts, staffSetupCode, type StaffRole } from '../../shared/api/console.js';
import { staffDisable, staffEnable, staffResetPassword, staffResetTotp } from '../../shared/api/desk.js';
import { errorText as message } from '../core/act.js';
import type { Http } from '../core/http.js';
import { createStaffStore, type StaffState, type StaffStore } from './staffStore.js';

export class StaffService {
  constructor(
    private readonly http: Http,
    readonly store: StaffStore = createStaffStore(),
  ) {}

  async load(): Promise<void> {
    try {
      this.store.setState({ accounts: await this.http.call(staffAccounts), error: null });
    } catch (error) {
      this.store.setState({ error: message(error) });
    }
  }

  async create(input: { username: string; password: string; role: StaffRole; displayName: string }): Promise<boolean> {
    return this.act(async () => {
      await this.http.call(createStaffAccount, { body: { ...input, displayName: input.displayName || undefined } });
    });
  }

  disable = (username: string, reason: string) =>
    this.act(() => this.http.call(staffDisable, { params: { username }, body: { reason } }), { key: 'disabled', username });
  enable = (username: string) => this.act(() => this.http.call(staffEnable, { params: { username } }), { key: 'enabled', username });
  resetPassword = (username: string, password: string) =>
    this.act(() => this.http.call(staffResetPassword, { params: { username }, body: { password } }), { key: 'password', username });
  resetTotp = (username: string) => this.act(() => this.http.call(staffResetTotp, { params: { username } }), { key: 'totp', username });

  /** A one-time code another owner needs to add an authenticator (issue 22); shown once. */
  issueSetupCode = (username: string) =>
    this.act(async () => {
      const { code, expiresAt } = await this.http.call(staffSetupCode, { params: { username } });
      this.store.setState({ setupCode: { username, code, expiresAt } });
    });

  private async act(work: () => Promise<unknown>, notice: StaffState['notice'] = null): Promise<boolean> {
    this.store.setState({ error: null, notice: null, setupCode: null });
    try {
      await work();
      await this.load();
      this.store.setState({ notice });
      return true;
    } catch (error) {
      this.store.setState({ error: message(error) });
      return false;
    }
  }
}
