/**
 * Customers at the counter: search as you type, a new customer, the ledger, top-ups (cash or card),
 * refunds (owner), login flags, turning an account off and on. A money change updates the open account
 * and its line in the list at once (the list never keeps a stale balance).
 */
import {
  customerCreate,
  customerDetail,
  customerFlags,
  customerFreeTime,
  customerRefund,
  customerSearch,
  customerTopUp,
  type Customer,
} from '../../shared/api/console.js';
import { adminStationGroups } from '../../shared/api/admin-catalogue.js';
import { customerDisable, customerEnable } from '../../shared/api/desk.js';
import type { Http } from '../core/http.js';
import { act, errorText } from '../core/act.js';
import { createCustomersStore, type CustomersStore } from './customersStore.js';

/** How long typing pauses before the search runs (ms). */
export const SEARCH_PAUSE_MS = 250;

export interface CustomersTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const browserTimers: CustomersTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface NewCustomer {
  username: string;
  password: string;
  displayName: string;
  phoneNumber: string;
}

export class CustomersService {
  private pending: unknown = null;
  /** The latest search asked: an older answer arriving late is dropped. */
  private asked = 0;

  constructor(
    private readonly http: Http,
    readonly store: CustomersStore = createCustomersStore(),
    private readonly timers: CustomersTimers = browserTimers,
  ) {}

  /** Typing in the search box: searches once typing pauses; an empty box empties the list. */
  type(text: string): void {
    this.store.setState({ text });
    if (this.pending !== null) this.timers.clearTimeout(this.pending);
    this.pending = null;
    if (!text.trim()) {
      this.asked += 1;
      this.store.setState({ query: '', results: [], searching: false });
      return;
    }
    this.store.setState({ searching: true });
    this.pending = this.timers.setTimeout(() => {
      this.pending = null;
      void this.search(text);
    }, SEARCH_PAUSE_MS);
  }

  async search(query: string): Promise<void> {
    const mine = ++this.asked;
    this.store.setState({ query, searching: true, error: null });
    try {
      const results = await this.http.call(customerSearch, { query: { q: query } });
      if (mine === this.asked) this.store.setState({ results, searching: false });
    } catch (error) {
      if (mine === this.asked) this.store.setState({ error: errorText(error), searching: false });
    }
  }

  async open(username: string): Promise<void> {
    this.store.setState({ done: null, creating: false });
    await this.act(async () => {
      const detail = await this.http.call(customerDetail, { params: { username } });
      this.store.setState({ detail });
      this.putInList(detail.customer);
    });
  }

  /**
   * The station groups' rates, read when the screen opens: free time (kept as money) is shown as the time it
   * buys at the standard rate, as the kiosk shows it. Unreadable: the desk shows the money alone.
   */
  async loadRates(): Promise<void> {
    try {
      const groups = await this.http.call(adminStationGroups);
      this.store.setState({ rates: groups.map((g) => g.hourlyRate) });
    } catch {
      this.store.setState({ rates: [] });
    }
  }

  /** The "new customer" form: open or closed. */
  startNew(open = true): void {
    this.store.setState({ creating: open, error: null });
  }

  /** Makes the account and opens it; false (with the server's reason) when refused. */
  async create(input: NewCustomer): Promise<boolean> {
    let made: Customer | null = null;
    const ok = await this.act(async () => {
      made = await this.http.call(customerCreate, {
        body: {
          username: input.username.trim(),
          password: input.password,
          ...(input.displayName.trim() ? { displayName: input.displayName.trim() } : {}),
          ...(input.phoneNumber.trim() ? { phoneNumber: input.phoneNumber.trim() } : {}),
        },
      });
    });
    if (!ok || !made) return false;
    const customer: Customer = made;
    this.store.setState({ creating: false, text: customer.username, query: customer.username, results: [customer] });
    await this.open(customer.username);
    return true;
  }

  async topUp(username: string, amount: number, method: 'cash' | 'card', note: string): Promise<boolean> {
    return this.act(async () => {
      const { balance } = await this.http.call(customerTopUp, { params: { username }, body: { amount, method, ...(note ? { note } : {}) } });
      await this.open(username);
      this.store.setState({ done: balance });
    });
  }

  async refund(username: string, amount: number, reason: string): Promise<boolean> {
    return this.act(async () => {
      const { balance } = await this.http.call(customerRefund, { params: { username }, body: { amount, reason } });
      await this.open(username);
      this.store.setState({ done: balance });
    });
  }

  async freeTime(username: string, amount: number, reason: string): Promise<boolean> {
    return this.act(async () => {
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

  /** The list shows the account as the server last said it (balance after a top-up, disabled…). */
  private putInList(customer: Customer): void {
    const { results } = this.store.getState();
    if (results.some((c) => c.id === customer.id)) this.store.setState({ results: results.map((c) => (c.id === customer.id ? customer : c)) });
  }

  private act(work: () => Promise<void>): Promise<boolean> {
    return act(this.store, work);
  }
}
