/** Offers: a new offer is sent as drafted and the list read again; a server refusal keeps the list and says why. */
import { describe, expect, it } from 'vitest';
import { draftOf, emptyOffer, OffersService } from '../../../../src/console/catalogue/offers/offersService.js';
import { testCore } from '../../support/fakes.js';

const offer = { id: 'off_1', name: 'Night pack', description: '', offerType: 'fixed_amount_discount' as const, minimumPurchase: 20000, discountAmount: 3000, discountPercentage: null, maximumDiscount: null, active: true, createdAt: 'x', updatedAt: 'x' };

describe('OffersService', () => {
  it('creates an offer from its draft and reads the list again', async () => {
    const { core, server } = testCore();
    let list: unknown[] = [];
    server.on('GET /admin/offers', () => list);
    server.on('POST /admin/offers', () => ((list = [offer]), offer));
    const offers = new OffersService(core.http);
    const draft = { ...emptyOffer, name: 'Night pack', minimumPurchase: 20000, discountAmount: 3000 };
    expect(await offers.create(draft)).toBe(true);
    expect(server.requests[0]?.body).toEqual(draft);
    expect(offers.store.getState()).toMatchObject({ notice: 'Night pack', error: null });
    expect(offers.store.getState().offers).toHaveLength(1);
    expect(draftOf(offer)).toEqual(draft);
  });

  it('a refused change keeps the offer as it was and says why', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/offers', [offer]);
    server.on('PATCH /admin/offers/off_1', { statusCode: 400, error: 'Bad Request', message: 'A discount cannot exceed the purchase.' }, 400);
    const offers = new OffersService(core.http);
    await offers.load();
    expect(await offers.update('off_1', { discountAmount: 99999 })).toBe(false);
    expect(offers.store.getState().error).toBe('A discount cannot exceed the purchase.');
    expect(offers.store.getState().offers[0]?.discountAmount).toBe(3000);
  });
});
