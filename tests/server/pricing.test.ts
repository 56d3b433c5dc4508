/**
 * The owner's price list (issue 26): read by staff, changed by the owner only,
 * validated with every problem named (nothing saved on a refusal), each change
 * a new version in force from then on and a line in the audit log.
 */
import { describe, expect, it } from 'vitest';
import { adminPricing, adminSetPricing, routeKey } from '../../src/shared/api/routes.js';
import { emptyPriceList, type PriceList } from '../../src/shared/pricing/index.js';
import { OWNER_ONLY } from '../../src/server/authority/admin-gate.js';
import { api, deskToken, fail, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const happyHour = (groupIds: string[] | null): PriceList['periods'][number] => ({
  id: 'happy',
  name: 'Happy hour',
  groupIds,
  weekdays: [0, 1, 2, 3, 4],
  dates: [],
  start: 14 * 60,
  end: 17 * 60,
  hourlyRate: null,
  percentOff: 50,
});

describe('the price list', () => {
  it('starts empty (plain rates), lists the groups and tiers it can name, and the owner replaces it', async () => {
    const before = await ok(t.url, adminPricing, { token: t.admin });
    expect(before.priceList).toEqual(emptyPriceList());
    expect(before.updatedAt).toBeNull();
    expect(before.groups.map((g) => [g.name, g.hourlyRate])).toEqual([
      ['Standard', 1500],
      ['VIP', 3000],
    ]);
    expect(before.tiers.length).toBeGreaterThan(0);

    const vip = before.groups.find((g) => g.name === 'VIP')!;
    const list: PriceList = {
      ...emptyPriceList(),
      periods: [happyHour([vip.id])],
      timePackages: [{ id: 'three-hours', name: '3 hours', minutes: 180, price: 4000, groupIds: null, validDays: 30, active: true }],
      windowPackages: [{ id: 'night', name: 'Night', price: 6000, groupIds: null, start: 22 * 60, end: 8 * 60, weekdays: [], active: true }],
      tierPrices: [{ tierId: before.tiers[0]!.id, percentOff: 10 }],
    };
    const after = await ok(t.url, adminSetPricing, { body: list, token: t.admin });
    expect(after.priceList).toEqual(list);
    expect(after.updatedBy).toBe('admin');
    expect((await ok(t.url, adminPricing, { token: t.admin })).priceList).toEqual(list);
    // Every version is kept; the newest is in force.
    await ok(t.url, adminSetPricing, { body: { ...list, periods: [] }, token: t.admin });
    expect((await ok(t.url, adminPricing, { token: t.admin })).priceList.periods).toEqual([]);
    expect(await t.server.db.selectFrom('price_lists').select('id').execute()).toHaveLength(2);
  });

  it('refuses a list with problems, naming each, and saves nothing', async () => {
    const refused = await fail(t.url, adminSetPricing, {
      body: { ...emptyPriceList(), periods: [{ ...happyHour(['grp_nope']), hourlyRate: 1000 }] },
      token: t.admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toBe(
      'Rate period "Happy hour" needs exactly one of hourlyRate (IQD per hour) and percentOff (0–100). Rate period "Happy hour" names an unknown station group: grp_nope.',
    );
    // Each problem also names its field, so the console's form shows it there.
    const raw = await api(t.url, 'PUT', '/admin/pricing', {
      token: t.admin,
      body: { ...emptyPriceList(), periods: [{ ...happyHour(['grp_nope']), hourlyRate: 1000 }] },
    });
    expect((raw.body as { problems: unknown }).problems).toEqual([
      { path: 'periods.0.hourlyRate', code: 'rateOrPercent', message: expect.stringContaining('exactly one of') },
      { path: 'periods.0.groupIds', code: 'unknownGroup', message: expect.stringContaining('grp_nope') },
    ]);
    const fractional = await api(t.url, 'PUT', '/admin/pricing', {
      token: t.admin,
      body: { ...emptyPriceList(), timePackages: [{ id: 'x', name: 'x', minutes: 60, price: 10.5, groupIds: null, validDays: 1, active: true }] },
    });
    expect(fractional.status).toBe(400);
    expect(JSON.stringify(fractional.body)).toMatch(/whole/);
    expect(await t.server.db.selectFrom('price_lists').select('id').execute()).toHaveLength(0);
  });

  it('lets the desk read it but only the owner change it; each change and refusal is audited', async () => {
    const desk = await deskToken(t.url);
    expect((await ok(t.url, adminPricing, { token: desk })).priceList).toEqual(emptyPriceList());
    expect(await fail(t.url, adminSetPricing, { body: emptyPriceList(), token: desk })).toMatchObject({ statusCode: 403, message: OWNER_ONLY });
    await ok(t.url, adminSetPricing, { body: { ...emptyPriceList(), periods: [happyHour(null)] }, token: t.admin });
    await settle();
    const lines = await t.server.db
      .selectFrom('audit_log')
      .select(['staff_username', 'status_code', 'detail'])
      .where('action', '=', routeKey(adminSetPricing))
      .orderBy('at')
      .execute();
    expect(lines.map((l) => [l.staff_username, l.status_code])).toEqual([
      ['desk', 403],
      ['admin', 200],
    ]);
    expect(lines[1]?.detail).toContain('Happy hour');
  });
});
