/**
 * SPEC §9 offer arithmetic, one pure function shared by the store screen and
 * the server's order approval. IQD has no decimals: every result is a whole,
 * non-negative number.
 *
 * What an order of an offer means (the reference cafe's reading of the SPEC):
 * the customer buys `minimumPurchase` IQD of play credit at the counter.
 * - fixed_amount_discount: they pay `discountAmount` less, the balance gains the full minimum purchase;
 * - percentage_discount: they pay `discountPercentage` % less (rounded, capped by maximumDiscount);
 * - credit_bonus: they pay the minimum purchase and the balance gains `discountPercentage` % of it on top.
 */
import type { Offer } from './entities.js';

/** The offer fields the arithmetic reads. */
export type OfferTerms = Pick<
  Offer,
  'offerType' | 'minimumPurchase' | 'discountAmount' | 'discountPercentage' | 'maximumDiscount'
>;

const wholeIqd = (amount: number): number => Math.max(0, Math.round(amount));

/**
 * §9: the value a customer gets from an offer, in IQD. Percentage discounts
 * are rounded and capped by maximumDiscount; a credit bonus is a percentage
 * of the minimum purchase; a fixed discount is its amount.
 */
export function offerValue(offer: OfferTerms): number {
  const percentOfMinimum = wholeIqd((offer.minimumPurchase * (offer.discountPercentage ?? 0)) / 100);
  switch (offer.offerType) {
    case 'fixed_amount_discount':
      return wholeIqd(offer.discountAmount ?? 0);
    case 'percentage_discount':
      return offer.maximumDiscount === null ? percentOfMinimum : Math.min(percentOfMinimum, wholeIqd(offer.maximumDiscount));
    case 'credit_bonus':
      return percentOfMinimum;
  }
}

export interface OrderAmounts {
  /** What the customer pays at the counter, IQD. */
  price: number;
  /** What staff approval adds to the customer's balance, IQD. */
  credit: number;
}

/** The price and the balance credit of ordering an offer (see the module comment). */
export function orderAmounts(offer: OfferTerms): OrderAmounts {
  const minimum = wholeIqd(offer.minimumPurchase);
  const value = offerValue(offer);
  if (offer.offerType === 'credit_bonus') return { price: minimum, credit: minimum + value };
  return { price: Math.max(0, minimum - value), credit: minimum };
}

/**
 * The consistency rules of an offer staff create or edit; null when it is
 * sound, else the message to show. (Ranges of single fields are checked by
 * the route schemas: whole IQD ≥ 0, percentages 0–100.)
 */
export function offerTermsProblem(offer: OfferTerms): string | null {
  switch (offer.offerType) {
    case 'fixed_amount_discount':
      if (offer.discountAmount === null) return 'A fixed amount discount needs discountAmount (IQD).';
      if (offer.discountAmount > offer.minimumPurchase) {
        return 'discountAmount cannot be more than minimumPurchase: the customer would pay less than nothing.';
      }
      return null;
    case 'percentage_discount':
      return offer.discountPercentage === null ? 'A percentage discount needs discountPercentage (0–100).' : null;
    case 'credit_bonus':
      return offer.discountPercentage === null ? 'A credit bonus needs discountPercentage (0–100).' : null;
  }
}
