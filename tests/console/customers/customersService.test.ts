/** Customers at the counter: a top-up is sent once with its method, the account is read again and the new balance shown; refusals in the server's words. */
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../src/shared/api/console.js';
import { CustomersService } from '../../../src/console/customers/customersService.js';
import { testCore } from '../support/fakes.js';

const customer = (over: Partial<Customer> = {}): Customer => ({
  id: 'usr_1', username: 'ali', displayName: null, email: null, phoneNumber: null, type: 'regular', balance: 8000, freeBalance: 0, xp: 0, level: 1,
  createdAt: 'x', lastLoginAt: null, requirePasswordReset: false, requireBalanceTopUp: false, disabled: null, ...over,
});

function setup() {
  const t = testCore();
  let balance = 8000;
  t.server.on('GET /admin/customers/ali', () => ({ customer: customer({ balance }), ledger: [], sessions: 2, cards: 0 }));
  t.server.on('POST /admin/customers/ali/top-up', (body) => {
    balance += (body as { amount: number }).amount;
    return { balance, ledgerId: 7 };
  });
  return { ...t, customers: new CustomersService(t.core.http) };
}

describe('CustomersService', () => {
  it('searches, opens an account, tops it up once and shows the new balance', async () => {
    const { customers, server } = setup();
    server.on('GET /admin/customers', [customer()]);
    await customers.search('al');
    expect(server.requests[0]?.url).toBe('/admin/customers?q=al');
    expect(customers.store.getState().results.map((c) => c.username)).toEqual(['ali']);
    await customers.open('ali');
    await customers.topUp('ali', 5000, 'cash', '');
    const topUps = server.requests.filter((r) => r.url.endsWith('/top-up'));
    expect(topUps.map((r) => r.body)).toEqual([{ amount: 5000, method: 'cash' }]);
    expect(customers.store.getState()).toMatchObject({ done: 13000, busy: false, error: null });
    expect(customers.store.getState().detail?.customer.balance).toBe(13000);
  });

  it('a refused refund shows the server’s words and changes nothing', async () => {
    const { customers, server } = setup();
    await customers.open('ali');
    server.on('POST /admin/customers/ali/refund', { statusCode: 403, error: 'Forbidden', message: 'Only an owner may refund.' }, 403);
    await customers.refund('ali', 1000, 'spilt drink');
    expect(customers.store.getState()).toMatchObject({ error: 'Only an owner may refund.', done: null, busy: false });
    expect(customers.store.getState().detail?.customer.balance).toBe(8000);
  });

  it('disabling sends the reason and reads the account again', async () => {
    const { customers, server } = setup();
    server.on('POST /admin/customers/ali/disable', customer({ disabled: { at: 'x', by: 'desk', reason: 'abuse' } }));
    await customers.disable('ali', 'abuse');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/customers/ali/disable', 'GET /admin/customers/ali']);
    expect(server.requests[0]?.body).toEqual({ reason: 'abuse' });
  });
});

describe('search as you type, the list after a top-up, a new customer, limits by code (issue 23)', () => {
  function timers() {
    const queue: { run: () => void; ms: number; cleared: boolean }[] = [];
    return {
      queue,
      setTimeout: (run: () => void, ms: number) => {
        const timer = { run, ms, cleared: false };
        queue.push(timer);
        return timer;
      },
      clearTimeout: (id: unknown) => void ((id as { cleared: boolean }).cleared = true),
      flush: () => queue.filter((q) => !q.cleared).forEach((q) => ((q.cleared = true), q.run())),
    };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('searches once typing pauses, for the last text only; an empty box empties the list', async () => {
    const t = testCore();
    const clock = timers();
    t.server.on('GET /admin/customers', (_body, url) => [customer({ username: decodeURIComponent(url.split('q=')[1] ?? '') })]);
    const customers = new CustomersService(t.core.http, undefined, clock);
    customers.type('a');
    customers.type('al');
    customers.type('ali');
    expect(t.server.requests).toHaveLength(0);
    expect(customers.store.getState()).toMatchObject({ text: 'ali', searching: true });
    expect(clock.queue.filter((q) => !q.cleared).map((q) => q.ms)).toEqual([250]);
    clock.flush();
    await settle();
    expect(t.server.requests.map((r) => r.url)).toEqual(['/admin/customers?q=ali']);
    expect(customers.store.getState()).toMatchObject({ query: 'ali', searching: false });
    expect(customers.store.getState().results.map((c) => c.username)).toEqual(['ali']);
    customers.type('  ');
    expect(customers.store.getState()).toMatchObject({ results: [], query: '', searching: false });
  });

  it('an older answer arriving after a newer one is dropped', async () => {
    const t = testCore();
    let release: (() => void) | null = null;
    t.server.on('GET /admin/customers', (_b, url) => (url.includes('q=sa') ? [customer({ username: 'sara' })] : [customer({ username: 'ali' })]));
    const slowFetch = t.server.fetch;
    // The first search waits until the second has answered.
    const gate = new Promise<void>((resolve) => (release = resolve));
    const http = (await import('../../../src/console/core/http.js')).createHttp('', (async (input: string, init: RequestInit) => {
      if (String(input).includes('q=al')) await gate;
      return slowFetch(input, init);
    }) as typeof fetch);
    const racing = new CustomersService(http);
    const first = racing.search('al');
    await racing.search('sa');
    release!();
    await first;
    expect(racing.store.getState().results.map((c) => c.username)).toEqual(['sara']);
  });

  it('the list shows the balance after a top-up, not the one it was found with', async () => {
    const { customers, server } = setup();
    server.on('GET /admin/customers', [customer()]);
    await customers.search('ali');
    await customers.open('ali');
    await customers.topUp('ali', 5000, 'cash', 'first hour');
    expect(customers.store.getState().results.map((c) => c.balance)).toEqual([13000]);
  });

  it('makes a new customer and opens them; a taken name says why and makes nothing', async () => {
    const t = testCore();
    const customers = new CustomersService(t.core.http);
    t.server.on('POST /admin/customers', (body) => customer({ id: 'usr_9', username: (body as { username: string }).username, requirePasswordReset: true }));
    t.server.on('GET /admin/customers/hassan', { customer: customer({ id: 'usr_9', username: 'hassan', balance: 0 }), ledger: [], sessions: 0, cards: 0 });
    customers.startNew();
    expect(await customers.create({ username: ' hassan ', password: 'first-pass', displayName: '', phoneNumber: '+964 770' })).toBe(true);
    expect(t.server.requests[0]?.body).toEqual({ username: 'hassan', password: 'first-pass', phoneNumber: '+964 770' });
    expect(customers.store.getState()).toMatchObject({ creating: false, text: 'hassan' });
    expect(customers.store.getState().detail?.customer.username).toBe('hassan');
    t.server.on('POST /admin/customers', { statusCode: 409, error: 'Conflict', message: 'The username ali is taken.' }, 409);
    customers.startNew();
    expect(await customers.create({ username: 'ali', password: 'first-pass', displayName: '', phoneNumber: '' })).toBe(false);
    expect(customers.store.getState()).toMatchObject({ creating: true, error: 'The username ali is taken.' });
  });

  it("a top-up past the owner's limit is said by its code, in the console's language, with the limit", async () => {
    const { customers, server } = setup();
    await customers.open('ali');
    const refusal = { statusCode: 400, error: 'Bad Request', message: 'One movement may not exceed 50,000 IQD (the owner’s limit).', code: 'wallet.actionLimit', limit: 50000 };
    server.on('POST /admin/customers/ali/top-up', refusal, 400);
    const { speakErrorsIn } = await import('../../../src/console/core/act.js');
    speakErrorsIn(() => 'ar');
    expect(await customers.topUp('ali', 60000, 'cash', '')).toBe(false);
    expect(customers.store.getState().error).toBe('لا يجوز أن تتجاوز العملية الواحدة 50,000 دينار عراقي (حد يضعه المالك).');
    speakErrorsIn(() => 'en');
    await customers.topUp('ali', 60000, 'cash', '');
    expect(customers.store.getState().error).toBe('One movement may not exceed 50,000 IQD (the owner’s limit).');
    expect(customers.store.getState().detail?.customer.balance).toBe(8000);
  });
});
