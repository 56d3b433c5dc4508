import { describe, expect, it } from 'vitest';
import { adminCreateOffer, adminOffers, adminUpdateOffer, customerOffers } from '../../src/shared/api/routes.js';
import { DEMO_OFFERS } from '../../src/server/offers/seed.js';
import { api, fail, ok } from './support/harness.js';
import { useServer } from './support/server.js';
import { customerAt } from './store-fixtures.js';

const t = useServer({ admin: true });

const offerRows = () => t.server.db.selectFrom('offers').selectAll().orderBy('created_at').orderBy('id').execute();

describe('GET /offers/customer', () => {
  it('answers {success, data} with the seeded demo offers', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const answer = await ok(t.url, customerOffers, { token: ali.token });
    expect(answer.success).toBe(true);
    expect(answer.data.map((o) => o.id).sort()).toEqual(DEMO_OFFERS.map((o) => o.id).sort());
    expect(answer.data.find((o) => o.id === 'off_night')).toEqual({
      id: 'off_night',
      name: 'Night pack',
      description: '2,000 IQD off any top-up of 15,000 IQD, every night after 10 PM.',
      offerType: 'fixed_amount_discount',
      minimumPurchase: 15_000,
      discountAmount: 2_000,
      discountPercentage: null,
      maximumDiscount: null,
    });
  });

  it('shows what staff create and edit, and hides what they deactivate', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const created = await ok(t.url, adminCreateOffer, {
      body: { name: 'Weekend 20%', offerType: 'percentage_discount', minimumPurchase: 20_000, discountPercentage: 20, maximumDiscount: 3_000 },
      token: t.admin,
    });
    expect(created).toMatchObject({ name: 'Weekend 20%', description: '', active: true, discountAmount: null });
    expect(created.id).toMatch(/^off_[0-9a-f]{12}$/);
    const ids = async () => (await ok(t.url, customerOffers, { token: ali.token })).data.map((o) => o.id);
    expect(await ids()).toContain(created.id);

    const edited = await ok(t.url, adminUpdateOffer, { params: { id: created.id }, body: { name: 'Weekend 25%', discountPercentage: 25 }, token: t.admin });
    expect(edited).toMatchObject({ name: 'Weekend 25%', discountPercentage: 25, maximumDiscount: 3_000, active: true });
    expect((await ok(t.url, customerOffers, { token: ali.token })).data.find((o) => o.id === created.id)?.name).toBe('Weekend 25%');

    await ok(t.url, adminUpdateOffer, { params: { id: 'off_night' }, body: { active: false }, token: t.admin });
    expect(await ids()).not.toContain('off_night');
    // Staff still see it (and can bring it back).
    expect((await ok(t.url, adminOffers, { token: t.admin })).find((o) => o.id === 'off_night')?.active).toBe(false);
    await ok(t.url, adminUpdateOffer, { params: { id: 'off_night' }, body: { active: true }, token: t.admin });
    expect(await ids()).toContain('off_night');
  });
});

describe('staff offer validation (nothing is written on a refusal)', () => {
  const base = { name: 'X', offerType: 'percentage_discount', minimumPurchase: 10_000, discountPercentage: 10 };

  it.each([
    ['a percentage above 100', { ...base, discountPercentage: 101 }, /discountPercentage/],
    ['a negative percentage', { ...base, discountPercentage: -1 }, /discountPercentage/],
    ['a fractional IQD amount', { ...base, minimumPurchase: 10_000.5 }, /whole numbers/],
    ['a negative amount', { ...base, maximumDiscount: -5 }, /maximumDiscount/],
    ['an unknown type', { ...base, offerType: 'free_pizza' }, /offerType/],
    ['an empty name', { ...base, name: '  ' }, /name/],
    ['an unknown field', { ...base, isFree: true }, /isFree/],
    ['a percentage offer without its percentage', { ...base, discountPercentage: null }, /needs discountPercentage/],
    ['a fixed discount without its amount', { ...base, offerType: 'fixed_amount_discount' }, /needs discountAmount/],
    ['a discount above the purchase', { ...base, offerType: 'fixed_amount_discount', discountAmount: 20_000 }, /cannot be more than minimumPurchase/],
  ])('refuses %s', async (_name, body, message) => {
    const before = await offerRows();
    const error = await fail(t.url, adminCreateOffer, { body, token: t.admin });
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(message);
    expect(await offerRows()).toEqual(before);
  });

  it('checks an edit against the whole offer as it would be stored', async () => {
    const before = await offerRows();
    const error = await fail(t.url, adminUpdateOffer, { params: { id: 'off_night' }, body: { discountAmount: 16_000 }, token: t.admin });
    expect(error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/cannot be more than minimumPurchase/) as unknown as string });
    expect(await fail(t.url, adminUpdateOffer, { params: { id: 'off_night' }, body: {}, token: t.admin })).toMatchObject({ statusCode: 400 });
    expect(await fail(t.url, adminUpdateOffer, { params: { id: 'off_nope' }, body: { active: false }, token: t.admin })).toMatchObject({ statusCode: 404 });
    expect(await offerRows()).toEqual(before);
  });

  it('is staff only', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    expect(await fail(t.url, adminCreateOffer, { body: base, token: ali.token })).toMatchObject({ statusCode: 403 });
    expect((await api(t.url, 'GET', '/admin/offers')).status).toBe(401);
  });
});
