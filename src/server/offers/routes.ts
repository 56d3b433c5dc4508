/** GET /offers/customer: the balance offers shown in the top-up gate (and later the store). */
import type { FastifyInstance } from 'fastify';
import { customerOffers } from '../../shared/api/routes.js';
import type { Offer } from '../../shared/entities.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';

/** The reference cafe's standing offers (until an offers table and admin screen exist). */
export const CAFE_OFFERS: readonly Offer[] = [
  {
    id: 'off_bonus10',
    name: '10% bonus credit',
    description: 'Top up 10,000 IQD or more at the counter and get 10% extra play time.',
    offerType: 'credit_bonus',
    minimumPurchase: 10_000,
    discountAmount: null,
    discountPercentage: 10,
    maximumDiscount: null,
  },
  {
    id: 'off_night',
    name: 'Night pack',
    description: '2,000 IQD off any top-up of 15,000 IQD, every night after 10 PM.',
    offerType: 'fixed_amount_discount',
    minimumPurchase: 15_000,
    discountAmount: 2_000,
    discountPercentage: null,
    maximumDiscount: null,
  },
];

export function registerOfferRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, customerOffers, () => ({ success: true, data: [...CAFE_OFFERS] }));
}
