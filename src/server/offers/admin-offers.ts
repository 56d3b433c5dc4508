/**
 * Staff manage the offers: list (active and not), create, edit, deactivate
 * (`active: false`). Field ranges come from the route schemas (whole IQD ≥ 0,
 * percentages 0–100); the consistency of the whole offer from
 * src/shared/offers.ts, checked on the offer as it will be stored.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { adminCreateOffer, adminOffers, adminUpdateOffer } from '../../shared/api/routes.js';
import { offerTermsProblem } from '../../shared/offers.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findOffer, listOffers, toAdminOffer, toCustomerOffer, type OfferRow } from './repo.js';

function checkTerms(row: OfferRow): void {
  const problem = offerTermsProblem(toCustomerOffer(row));
  if (problem) throw badRequest(problem);
}

export function registerOfferAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, adminOffers, async () => (await listOffers(db, false)).map(toAdminOffer));

  registerRoute(app, ctx, adminCreateOffer, async ({ body }) => {
    const now = isoNow(clock);
    const row: OfferRow = {
      id: `off_${randomBytes(6).toString('hex')}`,
      name: body.name,
      description: body.description,
      offer_type: body.offerType,
      minimum_purchase: body.minimumPurchase,
      discount_amount: body.discountAmount,
      discount_percentage: body.discountPercentage,
      maximum_discount: body.maximumDiscount,
      is_active: body.active ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    checkTerms(row);
    await db.insertInto('offers').values(row).execute();
    return toAdminOffer(row);
  });

  registerRoute(app, ctx, adminUpdateOffer, async ({ params, body }) => {
    const current = await findOffer(db, params.id);
    if (!current) throw notFound(`No offer ${params.id}.`);
    const next: OfferRow = {
      ...current,
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      offer_type: body.offerType ?? current.offer_type,
      minimum_purchase: body.minimumPurchase ?? current.minimum_purchase,
      discount_amount: body.discountAmount === undefined ? current.discount_amount : body.discountAmount,
      discount_percentage: body.discountPercentage === undefined ? current.discount_percentage : body.discountPercentage,
      maximum_discount: body.maximumDiscount === undefined ? current.maximum_discount : body.maximumDiscount,
      is_active: body.active === undefined ? current.is_active : body.active ? 1 : 0,
      updated_at: isoNow(clock),
    };
    checkTerms(next);
    const { id, created_at: _created, ...changes } = next;
    await db.updateTable('offers').set(changes).where('id', '=', id).execute();
    return toAdminOffer(next);
  });
}
