/**
 * Offers: create one and edit its terms (what the customer buys, the discount
 * or bonus, active or not), as `npm run cafe -- offers add|edit|activate|deactivate`.
 * The server checks the terms are consistent and says what is wrong.
 */
import type { OFFER_TYPES } from '../../../shared/entities.js';
import { adminCreateOffer, adminOffers, adminUpdateOffer, type AdminOffer } from '../../../shared/api/admin-store.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createOffersStore } from './offersStore.js';

type OfferType = (typeof OFFER_TYPES)[number];

export interface OfferDraft {
  name: string;
  description: string;
  offerType: OfferType;
  minimumPurchase: number;
  discountAmount: number | null;
  discountPercentage: number | null;
  maximumDiscount: number | null;
  active: boolean;
}

export const emptyOffer: OfferDraft = {
  name: '',
  description: '',
  offerType: 'fixed_amount_discount',
  minimumPurchase: 0,
  discountAmount: null,
  discountPercentage: null,
  maximumDiscount: null,
  active: true,
};

export const draftOf = (o: AdminOffer): OfferDraft => ({
  name: o.name,
  description: o.description,
  offerType: o.offerType,
  minimumPurchase: o.minimumPurchase,
  discountAmount: o.discountAmount,
  discountPercentage: o.discountPercentage,
  maximumDiscount: o.maximumDiscount,
  active: o.active,
});

export class OffersService {
  readonly store = createOffersStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ offers: await this.http.call(adminOffers) });
    });

  create = (draft: OfferDraft) =>
    act(this.store, async () => {
      const offer = await this.http.call(adminCreateOffer, { body: draft });
      this.store.setState({ offers: await this.http.call(adminOffers), notice: offer.name });
    });

  update = (id: string, change: Partial<OfferDraft>) =>
    act(this.store, async () => {
      const offer = await this.http.call(adminUpdateOffer, { params: { id }, body: change });
      this.store.setState({ offers: this.store.getState().offers.map((o) => (o.id === id ? offer : o)), notice: offer.name });
    });
}
