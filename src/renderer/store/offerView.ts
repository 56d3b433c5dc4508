/** How an offer card reads (SPEC §9: the value per offer type, IQD without decimals). */
import type { MessageKey } from '../../shared/i18n/en.js';
import type { Offer } from '../../shared/entities.js';
import { formatAmount } from '../../shared/format.js';
import { offerValue, orderAmounts } from '../../shared/offers.js';

/** Whole IQD, grouped: 25000 → "25,000" (the catalog's money.iqd adds the currency; src/shared/format.ts, shared with the console). */
export const iqdAmount = formatAmount;

export interface OfferView {
  /** The headline's message: what the offer is worth. */
  valueKey: MessageKey;
  /** The offer's value in IQD (§9 arithmetic). */
  value: number;
  percent: number | null;
  /** What the customer pays at the counter, and what approval adds to the balance. */
  price: number;
  credit: number;
}

const VALUE_KEY: Record<Offer['offerType'], MessageKey> = {
  fixed_amount_discount: 'store.value.fixed',
  percentage_discount: 'store.value.percentage',
  credit_bonus: 'store.value.bonus',
};

export function offerView(offer: Offer): OfferView {
  const { price, credit } = orderAmounts(offer);
  return {
    valueKey: VALUE_KEY[offer.offerType],
    value: offerValue(offer),
    percent: offer.offerType === 'fixed_amount_discount' ? null : offer.discountPercentage,
    price,
    credit,
  };
}
