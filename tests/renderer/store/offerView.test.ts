/** SPEC §9 offer values as the store cards show them. */
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../src/shared/entities.js';
import { iqdAmount, offerView } from '../../../src/renderer/store/offerView.js';

const offer = (overrides: Partial<Offer>): Offer => ({
  id: 'of-1',
  name: 'Offer',
  description: '',
  offerType: 'percentage_discount',
  minimumPurchase: 20_000,
  discountAmount: null,
  discountPercentage: null,
  maximumDiscount: null,
  ...overrides,
});

describe('offer cards (SPEC §9)', () => {
  it('a percentage discount: rounded, capped, and what is paid and credited', () => {
    expect(offerView(offer({ discountPercentage: 15, maximumDiscount: 2_500 }))).toEqual({
      valueKey: 'store.value.percentage',
      value: 2_500,
      percent: 15,
      price: 17_500,
      credit: 20_000,
    });
  });

  it('a credit bonus adds its percentage of the minimum purchase', () => {
    expect(offerView(offer({ offerType: 'credit_bonus', minimumPurchase: 10_000, discountPercentage: 10 }))).toMatchObject({
      valueKey: 'store.value.bonus',
      value: 1_000,
      price: 10_000,
      credit: 11_000,
    });
  });

  it('a fixed discount is its amount', () => {
    expect(offerView(offer({ offerType: 'fixed_amount_discount', minimumPurchase: 15_000, discountAmount: 2_000 }))).toMatchObject({
      valueKey: 'store.value.fixed',
      value: 2_000,
      percent: null,
      price: 13_000,
    });
  });

  it('IQD without decimals, grouped', () => {
    expect(iqdAmount(25_000.6)).toBe('25,001');
    expect(iqdAmount(999)).toBe('999');
  });
});
