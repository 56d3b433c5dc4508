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
