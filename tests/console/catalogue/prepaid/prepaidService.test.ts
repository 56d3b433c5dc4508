/** Prepaid batches: a card's state; the batch's CSV, formula-safe. */
import { describe, expect, it } from 'vitest';
import { cardState, PrepaidService } from '../../../../src/console/catalogue/prepaid/prepaidService.js';
import { testCore } from '../../support/fakes.js';

describe('card states', () => {
  it('voided wins over redeemed wins over good', () => {
    const base = { id: 'h', hint: 'RC-…-CCCC', amount: 1, redeemedBy: null, redeemedAt: null, voidedAt: null };
    expect(cardState(base)).toBe('good');
    expect(cardState({ ...base, redeemedAt: 'x' })).toBe('redeemed');
    expect(cardState({ ...base, voidedAt: 'y' })).toBe('voided');
    // Issue 23: sold at the counter and not yet redeemed; once redeemed it is redeemed.
    expect(cardState({ ...base, soldAt: 's' })).toBe('sold');
    expect(cardState({ ...base, soldAt: 's', redeemedAt: 'x' })).toBe('redeemed');
  });
});

describe('prepaid CSV', () => {
  it('exports the open batch through the formula-safe writer: a redeemer’s name typed as a formula is text', async () => {
    const { core, server, files } = testCore();
    const prepaid = new PrepaidService(core.http, core.files);
    const batch = { id: 'pb_1', label: 'Nov', amount: 5000, cardCount: 2, redeemedCount: 1, voidedCount: 0, soldCount: 0, sellableCount: 1, createdBy: 'owner', createdAt: '2026-11-27T09:00:00Z' };
    server.on('GET /admin/prepaid-batches/pb_1/cards', [
      { id: 'a'.repeat(64), hint: 'RC-…-CCCC', amount: 5000, redeemedBy: '=cmd|/C calc!A0', redeemedAt: '2026-11-27T10:00:00Z', voidedAt: null },
      { id: 'd'.repeat(64), hint: 'RC-…-FFFF', amount: 5000, redeemedBy: null, redeemedAt: null, voidedAt: null },
    ]);
    expect(await prepaid.show(batch)).toBe(true);
    prepaid.exportCsv({ code: 'Code', amount: 'Amount', state: 'State', redeemedBy: 'Redeemed by', redeemedAt: 'Redeemed at', voidedAt: 'Voided at' });
    expect(files.saved[0]?.filename).toBe('prepaid-2026-11-27-pb_1.csv');
    expect(files.saved[0]?.text.split('\r\n')).toEqual([
      'Code,Amount,State,Redeemed by,Redeemed at,Voided at',
      "RC-…-CCCC,5000,redeemed,'=cmd|/C calc!A0,2026-11-27T10:00:00Z,",
      'RC-…-FFFF,5000,good,,,',
      '',
    ]);
  });
});

describe('the codes are shown once', () => {
  it('a batch just generated opens printable with its codes; opened later it lists hints only, with no QR and no print', async () => {
    const { core, server } = testCore();
    const prepaid = new PrepaidService(core.http, core.files);
    const batch = { id: 'pb_2', label: 'Dec', amount: 1000, cardCount: 1, redeemedCount: 0, voidedCount: 0, soldCount: 0, sellableCount: 1, createdBy: 'owner', createdAt: '2026-11-27T09:00:00Z' };
    const card = { id: 'e'.repeat(64), hint: 'RC-…-GGGG', amount: 1000, redeemedBy: null, redeemedAt: null, voidedAt: null };
    server.on('POST /admin/prepaid-batches', { batch, codes: ['RC-EEEE-FFFF-GGGG'], cards: [{ id: card.id, code: 'RC-EEEE-FFFF-GGGG' }] });
    server.on('GET /admin/prepaid-batches', [batch]);
    server.on('GET /admin/prepaid-batches/pb_2/cards', [card]);
    expect(await prepaid.generate(1, 1000, '')).toBe(true);
    const fresh = prepaid.store.getState().open!;
    expect(fresh.codes).toEqual({ [card.id]: 'RC-EEEE-FFFF-GGGG' });
    expect(fresh.qr[card.id]).toMatch(/^data:image\/png;base64,/);
    prepaid.close();
    expect(await prepaid.show(batch)).toBe(true);
    expect(prepaid.store.getState().open).toMatchObject({ codes: {}, qr: {}, cards: [card] });
  });
});

describe('selling cards at the counter (issue 23)', () => {
  const batch = { id: 'pb_3', label: 'Gifts', amount: 5000, cardCount: 3, redeemedCount: 0, voidedCount: 0, soldCount: 0, sellableCount: 3, createdBy: 'owner', createdAt: '2026-11-27T09:00:00Z' };

  it('sells a batch with the chosen method, then lists it sold and keeps the sale for its notice', async () => {
    const { core, server } = testCore();
    const prepaid = new PrepaidService(core.http, core.files);
    server.on('POST /admin/prepaid-batches/pb_3/sell', { batch: { ...batch, soldCount: 3, sellableCount: 0 }, sold: { count: 3, amount: 15000, method: 'card' } });
    server.on('GET /admin/prepaid-batches', [{ ...batch, soldCount: 3, sellableCount: 0 }]);
    expect(await prepaid.sell(batch, 'card')).toBe(true);
    expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/admin/prepaid-batches/pb_3/sell', body: { method: 'card' } });
    expect(prepaid.store.getState()).toMatchObject({ sold: { count: 3, amount: 15000, method: 'card' }, batches: [{ soldCount: 3, sellableCount: 0 }] });
  });

  it('a batch made "paid now" sends how it was paid; a refused sale shows the server’s words and sells nothing', async () => {
    const { core, server } = testCore();
    const prepaid = new PrepaidService(core.http, core.files);
    server.on('POST /admin/prepaid-batches', { statusCode: 400, error: 'Bad Request', message: 'One staff movement may move at most 10,000 IQD.' }, 400);
    expect(await prepaid.generate(3, 5000, '', 'cash')).toBe(false);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', body: { count: 3, amount: 5000, soldFor: 'cash' } });
    expect(prepaid.store.getState()).toMatchObject({ error: 'One staff movement may move at most 10,000 IQD.', sold: null });
  });
});
