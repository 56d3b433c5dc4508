/** Prepaid batches: a card's state. */
import { describe, expect, it } from 'vitest';
import { cardState } from '../../../../src/console/catalogue/prepaid/prepaidService.js';

describe('card states', () => {
  it('voided wins over redeemed wins over good', () => {
    const base = { code: 'c', amount: 1, redeemedBy: null, redeemedAt: null, voidedAt: null };
    expect(cardState(base)).toBe('good');
    expect(cardState({ ...base, redeemedAt: 'x' })).toBe('redeemed');
    expect(cardState({ ...base, voidedAt: 'y' })).toBe('voided');
  });
});
