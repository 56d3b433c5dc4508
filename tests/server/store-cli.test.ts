import { describe, expect, it } from 'vitest';
import { placeOrder, serviceCallClient } from '../../src/shared/api/routes.js';
import { AdminClient, CliError } from '../../src/server/cli/client.js';
import { parseStoreArgs, runStoreCommand } from '../../src/server/cli/store-commands.js';
import { UsageError } from '../../src/server/config/argv.js';
import { ok } from './support/harness.js';
import { useServer } from './support/server.js';
import { customerAt } from './store-fixtures.js';

describe('parseStoreArgs', () => {
  it('parses the dashboard commands and leaves every other command to args.ts', () => {
    expect(parseStoreArgs(['calls'])?.store).toEqual({ name: 'calls', all: false });
    expect(parseStoreArgs(['calls', '--all'])?.store).toEqual({ name: 'calls', all: true });
    expect(parseStoreArgs(['calls', 'ack', '7'])?.store).toEqual({ name: 'calls ack', id: 7 });
    expect(parseStoreArgs(['orders', 'approve', '3'])?.store).toEqual({ name: 'orders approve', id: 3 });
    expect(parseStoreArgs(['orders', 'reject', '3', '--reason', 'Not paid'])?.store).toEqual({ name: 'orders reject', id: 3, reason: 'Not paid' });
    expect(parseStoreArgs(['offers', 'add', '--name', 'Cup', '--type', 'credit_bonus', '--minimum', '5000', '--percent', '12.5'])?.store).toEqual({
      name: 'offers add',
      offer: { name: 'Cup', offerType: 'credit_bonus', minimumPurchase: 5000, discountPercentage: 12.5 },
    });
    expect(parseStoreArgs(['offers', 'deactivate', 'off_night'])?.store).toEqual({ name: 'offers deactivate', id: 'off_night' });
    expect(parseStoreArgs(['--server', 'http://10.0.0.2:4000', 'orders'])).toMatchObject({ server: 'http://10.0.0.2:4000', user: 'admin' });
    expect(parseStoreArgs(['stations'])).toBeNull();
    expect(parseStoreArgs(['command', 'st-01', 'RENAME_PC', '--name', 'X'])).toBeNull();
    expect(parseStoreArgs(['pair', 'st-01', '--some-new-flag'])).toBeNull();
    expect(parseStoreArgs(['orders', '--help'])).toBeNull();
  });

  it.each([
    [['calls', 'ack'], /numeric <id>/],
    [['calls', 'ack', 'x1'], /numeric <id>/],
    [['orders', 'reject', '3'], /needs --reason/],
    [['orders', 'approve', '3', '--reason', 'x'], /--reason does not apply to 'orders approve'/],
    [['offers', 'add', '--name', 'X'], /needs --name and --type/],
    [['offers', 'add', '--name', 'X', '--type', 'free'], /--type must be one of/],
    [['offers', 'add', '--name', 'X', '--type', 'credit_bonus', '--minimum', '10.5'], /whole number of IQD/],
    [['offers', 'add', '--name', 'X', '--type', 'credit_bonus', '--percent', '120'], /from 0 to 100/],
    [['offers', 'edit', 'off_night'], /at least one flag/],
    [['orders', 'ship', '1'], /unknown command 'orders ship'/],
    [['calls', '--limit', '5'], /--limit does not apply/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseStoreArgs(argv)).toThrow(UsageError);
    expect(() => parseStoreArgs(argv)).toThrow(message);
  });
});

describe('the commands against a server', () => {
  const t = useServer({ admin: true });
  const cli = () => new AdminClient(t.url, { user: 'admin', password: 'admin123', token: t.admin });
  const run = (argv: string[]) => {
    const parsed = parseStoreArgs(argv);
    if (!parsed) throw new Error(`not a store command: ${argv.join(' ')}`);
    return runStoreCommand(cli(), parsed.store);
  };

  it('lists and acknowledges a call, approves an order, rejects another, edits offers', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, serviceCallClient, { body: { type: 'waiter', stationId: 'st-01', message: 'Tea\u001b[31m' }, token: ali.token });
    const calls = await run(['calls']);
    expect(calls).toMatch(/^ID\s+TYPE\s+STATION/);
    expect(calls).toMatch(/1\s+waiter\s+st-01\s+ali\s+open/);
    expect(calls).not.toContain('\u001b');
    expect(await run(['calls', 'ack', '1'])).toBe('Call #1 (waiter at st-01) acknowledged');
    expect(await run(['calls'])).toMatch(/acknowledged by admin/);

    await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.token });
    await ok(t.url, placeOrder, { body: { offerId: 'off_night' }, token: ali.token });
    expect(await run(['orders'])).toMatch(/ali\s+st-01\s+10% bonus credit\s+10000 IQD\s+11000 IQD\s+pending/);
    expect(await run(['orders', 'approve', '1'])).toBe('Order #1 approved: ali got 11000 IQD, balance now 36000 IQD');
    expect(await run(['orders', 'reject', '2', '--reason', 'Not paid'])).toBe('Order #2 rejected (Not paid)');
    await expect(run(['orders', 'approve', '2'])).rejects.toThrow(CliError);
    expect(await run(['orders'])).toBe('No orders waiting');
    expect(await run(['orders', '--all'])).toMatch(/rejected: Not paid/);

    expect(await run(['offers', 'add', '--name', 'Cup', '--type', 'percentage_discount', '--minimum', '20000', '--percent', '10', '--max', '1500'])).toMatch(
      /^Created offer off_[0-9a-f]+ 'Cup' \(worth 1500 IQD\)$/,
    );
    expect(await run(['offers', 'deactivate', 'off_night'])).toBe("Offer off_night 'Night pack' is now inactive");
    expect(await run(['offers'])).toMatch(/off_night\s+Night pack\s+fixed_amount_discount\s+15000 IQD\s+2000 IQD\s+no/);
    await expect(run(['offers', 'edit', 'off_night', '--amount', '99999'])).rejects.toThrow(/cannot be more than minimumPurchase/);
  });
});
