/** Staff accounts (owner): the list and a new account with its role. */
import { createStore } from 'zustand/vanilla';
import { createStaffAccount, staffAccounts, type StaffAccount, type StaffRole } from '../../shared/api/console.js';
import type { Http } from '../core/http.js';

export interface StaffState {
  accounts: StaffAccount[];
  error: string | null;
}

export class StaffService {
  readonly store = createStore<StaffState>(() => ({ accounts: [], error: null }));

  constructor(private readonly http: Http) {}

  async load(): Promise<void> {
    try {
      this.store.setState({ accounts: await this.http.call(staffAccounts), error: null });
    } catch (error) {
      this.store.setState({ error: error instanceof Error ? error.message : String(error) });
    }
  }

  async create(input: { username: string; password: string; role: StaffRole; displayName: string }): Promise<boolean> {
    try {
      await this.http.call(createStaffAccount, { body: { ...input, displayName: input.displayName || undefined } });
      await this.load();
      return true;
    } catch (error) {
      this.store.setState({ error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }
}
