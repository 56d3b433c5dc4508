/** Prepaid batches: a card's state; the batch's CSV, formula-safe. */
import { describe, expect, it } from 'vitest';
import { cardState, PrepaidService } from '../../../../src/console/catalogue/prepaid/prepaidService.js';
import { testCore } from '../../support/fakes.js';

describe('card states', () => {
  it('voided wins over redeemed wins over good', () => {
    const base = { code: 'c', amount: 1, redeemedBy: null, redeemedAt: null, voidedAt: null };
    expect(cardState(base)).toBe('good');
    expect(cardState({ ...base, redeemedAt: 'x' })).toBe('redeemed');
    expect(cardState({ ...base, voidedAt: 'y' })).toBe('voided');
  });
});

describe('prepaid CSV', () => {
  it('exports the open batch through the formula-safe writer: a redeemer’s name typed as a formula is text', async () => {
    const { core, server, files } = testCore();
    const prepaid = new PrepaidService(core.http, core.files);
    const batch = { id: 'pb_1', label: 'Nov', amount: 5000, cardCount: 2, redeemedCount: 1, voidedCount: 0, createdBy: 'owner', createdAt: '2026-11-27T09:00:00Z' };
    server.on('GET /admin/prepaid-batches/pb_1/cards', [
      { code: 'RC-AAAA-BBBB-CCCC', amount: 5000, redeemedBy: '=cmd|/C calc!A0', redeemedAt: '2026-11-27T10:00:00Z', voidedAt: null },
      { code: 'RC-DDDD-EEEE-FFFF', amount: 5000, redeemedBy: null, redeemedAt: null, voidedAt: null },
    ]);
    expect(await prepaid.show(batch)).toBe(true);
    prepaid.exportCsv({ code: 'Code', amount: 'Amount', state: 'State', redeemedBy: 'Redeemed by', redeemedAt: 'Redeemed at', voidedAt: 'Voided at' });
    expect(files.saved[0]?.filename).toBe('prepaid-2026-11-27-pb_1.csv');
    expect(files.saved[0]?.text.split('\r\n')).toEqual([
      'Code,Amount,State,Redeemed by,Redeemed at,Voided at',
      "RC-AAAA-BBBB-CCCC,5000,redeemed,'=cmd|/C calc!A0,2026-11-27T10:00:00Z,",
      'RC-DDDD-EEEE-FFFF,5000,good,,,',
      '',
    ]);
  });
});
