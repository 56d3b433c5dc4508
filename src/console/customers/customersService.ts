/** Customers at the counter: search, the ledger, top-ups (cash or card), refunds (owner), login flags, turning an account off and on. */
import {
  customerDetail,
  customerFlags,
  customerFreeTime,
  customerRefund,
  customerSearch,
  customerTopUp,
} from '../../shared/api/console.js';
import { customerDisable, customerEnable } from '../../shared/api/desk.js';
import type { Http } from '../core/http.js';
import { act } from '../core/act.js';
import { createCustomersStore, type CustomersStore } from './customersStore.js';

export class CustomersService {
  constructor(
    private readonly http: Http,
    readonly store: CustomersStore = createCustomersStore(),
  ) {}

  async search(query: string): Promise<void> {
    this.store.setState({ query });
    await this.act(async () => this.store.setState({ results: await this.http.call(customerSearch, { query: { q: query } }) }));
  }

  async open(username: string): Promise<void> {
    this.store.setState({ done: null });
    await this.act(async () => this.store.setState({ detail: await this.http.call(customerDetail, { params: { username } }) }));
  }

  async topUp(username: string, amount: number, method: 'cash' | 'card', note: string): Promise<void> {
    await this.act(async () => {
      const { balance } = await this.http.call(customerTopUp, { params: { username }, body: { amount, method, ...(note ? { note } : {}) } });
      await this.open(username);
      this.store.setState({ done: balance });
    });
  }

  async refund(username: string, amount: number, reason: string): Promise<void> {
    await this.act(async () => {
      const { balance } = await this.http.call(customerRefund, { params: { username }, body: { amount, reason } });
      await this.open(username);
      this.store.setState({ done: balance });
    });
  }

  async freeTime(username: string, amount: number, reason: string): Promise<void> {
    await this.act(async () => {
      await this.http.call(customerFreeTime, { params: { username }, body: { amount, reason } });
      await this.open(username);
    });
  }

  async flags(username: string, flags: { requirePasswordReset?: boolean; requireBalanceTopUp?: boolean }): Promise<void> {
    await this.act(async () => {
      await this.http.call(customerFlags, { params: { username }, body: flags });
      await this.open(username);
    });
  }

  /** Off: it cannot sign in at a station, its tokens stop working and a running session ends (server-side). */
  async disable(username: string, reason: string): Promise<void> {
    await this.act(async () => {
      await this.http.call(customerDisable, { params: { username }, body: { reason } });
      await this.open(username);
    });
  }

  async enable(username: string): Promise<void> {
    await this.act(async () => {
      await this.http.call(customerEnable, { params: { username } });
      await this.open(username);
    });
  }

  private act(work: () => Promise<void>): Promise<void> {
    return act(this.store, work).then(() => undefined);
  }
}
