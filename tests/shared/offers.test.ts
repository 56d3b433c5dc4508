import { describe, expect, it } from 'vitest';
import { offerTermsProblem, offerValue, orderAmounts, type OfferTerms } from '../../src/shared/offers.js';

const terms = (overrides: Partial<OfferTerms>): OfferTerms => ({
  offerType: 'percentage_discount',
  minimumPurchase: 10_000,
  discountAmount: null,
  discountPercentage: null,
  maximumDiscount: null,
  ...overrides,
});

describe('offerValue (SPEC §9)', () => {
  it('rounds a percentage discount to whole IQD and caps it by maximumDiscount', () => {
    expect(offerValue(terms({ minimumPurchase: 10_005, discountPercentage: 15 }))).toBe(1501); // 1500.75
    expect(offerValue(terms({ minimumPurchase: 10_003, discountPercentage: 15 }))).toBe(1500); // 1500.45
    expect(offerValue(terms({ minimumPurchase: 10_000, discountPercentage: 15, maximumDiscount: 1_000 }))).toBe(1_000);
    expect(offerValue(terms({ minimumPurchase: 10_000, discountPercentage: 5, maximumDiscount: 1_000 }))).toBe(500);
    expect(offerValue(terms({ minimumPurchase: 10_000, discountPercentage: 0 }))).toBe(0);
  });

  it('gives a credit bonus as a percentage of the minimum purchase, not capped', () => {
    expect(offerValue(terms({ offerType: 'credit_bonus', minimumPurchase: 10_000, discountPercentage: 10 }))).toBe(1_000);
    expect(offerValue(terms({ offerType: 'credit_bonus', minimumPurchase: 7_777, discountPercentage: 12.5, maximumDiscount: 10 }))).toBe(972); // 972.125
  });

  it('takes a fixed discount as its amount, in whole IQD', () => {
    expect(offerValue(terms({ offerType: 'fixed_amount_discount', minimumPurchase: 15_000, discountAmount: 2_000 }))).toBe(2_000);
    expect(offerValue(terms({ offerType: 'fixed_amount_discount', discountAmount: null }))).toBe(0);
  });
});

describe('orderAmounts', () => {
  it('a discount lowers the price; the balance gains the minimum purchase', () => {
    expect(orderAmounts(terms({ offerType: 'fixed_amount_discount', minimumPurchase: 15_000, discountAmount: 2_000 }))).toEqual({ price: 13_000, credit: 15_000 });
    expect(orderAmounts(terms({ minimumPurchase: 20_000, discountPercentage: 10, maximumDiscount: 1_500 }))).toEqual({ price: 18_500, credit: 20_000 });
  });

  it('a credit bonus keeps the price and adds the bonus to the credit', () => {
    expect(orderAmounts(terms({ offerType: 'credit_bonus', minimumPurchase: 10_000, discountPercentage: 10 }))).toEqual({ price: 10_000, credit: 11_000 });
  });

  it('never asks a negative price', () => {
    expect(orderAmounts(terms({ offerType: 'fixed_amount_discount', minimumPurchase: 1_000, discountAmount: 5_000 })).price).toBe(0);
  });
});

describe('offerTermsProblem', () => {
  it('accepts sound offers', () => {
    expect(offerTermsProblem(terms({ discountPercentage: 10 }))).toBeNull();
    expect(offerTermsProblem(terms({ offerType: 'credit_bonus', discountPercentage: 100 }))).toBeNull();
    expect(offerTermsProblem(terms({ offerType: 'fixed_amount_discount', discountAmount: 10_000 }))).toBeNull();
  });

  it('names what is missing or inconsistent', () => {
    expect(offerTermsProblem(terms({}))).toMatch(/needs discountPercentage/);
    expect(offerTermsProblem(terms({ offerType: 'credit_bonus' }))).toMatch(/needs discountPercentage/);
    expect(offerTermsProblem(terms({ offerType: 'fixed_amount_discount' }))).toMatch(/needs discountAmount/);
    expect(offerTermsProblem(terms({ offerType: 'fixed_amount_discount', discountAmount: 10_001 }))).toMatch(/cannot be more than minimumPurchase/);
  });
});
