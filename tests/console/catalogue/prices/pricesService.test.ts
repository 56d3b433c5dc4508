/**
 * Prices (issue 26): the owner's list is read into a form, edited row by row
 * and sent; a problem in a field never reaches the server and is shown at
 * that field; the server's own problems land at their fields too.
 */
import { describe, expect, it } from 'vitest';
import { blankPeriod, blankTimePackage, draftOf, listOf, type PriceDraft } from '../../../../src/console/catalogue/prices/priceForm.js';
import { PricesService } from '../../../../src/console/catalogue/prices/pricesService.js';
import { emptyPriceList, type PriceList } from '../../../../src/shared/pricing/types.js';
import { testCore } from '../../support/fakes.js';

const groups = [
  { id: 'grp_1', name: 'VIP', hourlyRate: 3000 },
  { id: 'grp_2', name: 'Standard', hourlyRate: 1500 },
];
const view = (priceList: PriceList = emptyPriceList()) => ({ priceList, groups, tiers: [{ id: 'gold', name: 'Gold' }], updatedAt: null, updatedBy: null });
const night = { id: 'night', name: 'Night', price: 6000, groupIds: ['grp_2'], start: 1320, end: 480, weekdays: [5], active: true };
const full: PriceList = {
  ...emptyPriceList(),
  periods: [
    { id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4], dates: [], start: 14 * 60, end: 17 * 60, hourlyRate: null, percentOff: 50 },
    { id: 'eid', name: 'Eid', groupIds: ['grp_1'], weekdays: [], dates: ['2026-03-20', '2026-03-21'], start: 0, end: 0, hourlyRate: 1000, percentOff: null },
  ],
  timePackages: [{ id: 'three', name: '3 hours', minutes: 180, price: 4500, groupIds: null, validDays: 30, active: true }],
  windowPackages: [night],
  tierPrices: [{ tierId: 'gold', percentOff: 10 }],
};
const known = { groupIds: groups.map((g) => g.id), tierIds: ['gold'] };

async function loaded(list: PriceList = emptyPriceList()) {
  const { core, server } = testCore();
  server.on('GET /admin/pricing', view(list));
  const prices = new PricesService(core.http);
  await prices.load();
  return { prices, server };
}

describe('the price form', () => {
  it('shows a list as the owner typed it and gives back the very same list', () => {
    const draft = draftOf(full, groups);
    expect(draft.periods[0]).toMatchObject({ start: '14:00', end: '17:00', kind: 'percent', value: '50' });
    expect(draft.periods[1]).toMatchObject({ dates: '2026-03-20, 2026-03-21', kind: 'rate', value: '1000' });
    expect(draft.windowPackages[0]).toMatchObject({ start: '22:00', end: '08:00', price: '6000' });
    expect(draft.rates).toEqual({ grp_1: '3000', grp_2: '1500' });
    expect(listOf(draft, known)).toEqual({ list: full, rates: { grp_1: 3000, grp_2: 1500 }, problems: {} });
  });

  it('names each problem at its field, in codes the form says in both languages', () => {
    const draft: PriceDraft = {
      ...draftOf(emptyPriceList(), groups),
      rates: { grp_1: '3,000', grp_2: '1500' },
      periods: [{ ...blankPeriod([]), name: ' ', start: '25:00', end: '8', value: '150', weekdays: [], dates: '2026-3-1' }],
      timePackages: [{ ...blankTimePackage([]), name: '3 hours', minutes: '0', price: '', groupIds: [] }],
    };
    const { list, problems } = listOf(draft, known);
    expect(list).toBeNull();
    const codes = Object.fromEntries(Object.entries(problems).map(([path, list]) => [path, list.map((p) => p.code)]));
    expect(codes).toEqual({
      'rates.grp_1': ['whole'],
      'periods.0.name': ['required'],
      'periods.0.start': ['time'],
      'periods.0.end': ['time'],
      'periods.0.value': ['percent'],
      'periods.0.dates': ['date'],
      'timePackages.0.minutes': ['whole'],
      'timePackages.0.price': ['required'],
      'timePackages.0.groupIds': ['atLeastOne'],
    });
  });

  it('runs the server’s own rules before sending: a period on no day and no date never applies', () => {
    const draft: PriceDraft = {
      ...draftOf(emptyPriceList(), groups),
      periods: [{ ...blankPeriod([]), name: 'Late', start: '22:00', end: '02:00', value: '25', weekdays: [] }],
    };
    expect(listOf(draft, known).problems).toEqual({
      'periods.0.weekdays': [{ code: 'neverApplies', message: 'Rate period "Late" needs weekdays or dates: it would never apply.' }],
    });
  });
});

describe('PricesService', () => {
  it('sends what the owner entered in the form, then each hourly rate that changed', async () => {
    const { prices, server } = await loaded();
    const draft = draftOf(emptyPriceList(), groups);
    draft.rates.grp_2 = '2000';
    draft.periods.push({ ...blankPeriod([]), id: 'happy', name: 'Happy hour', start: '14:00', end: '17:00', value: '50' });
    draft.timePackages.push({ ...blankTimePackage([]), id: 'three', name: '3 hours', minutes: '180', price: '4500' });
    const sent: PriceList = {
      ...emptyPriceList(),
      periods: [{ id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4, 5, 6], dates: [], start: 840, end: 1020, hourlyRate: null, percentOff: 50 }],
      timePackages: [{ id: 'three', name: '3 hours', minutes: 180, price: 4500, groupIds: null, validDays: 30, active: true }],
    };
    server.on('PUT /admin/pricing', view(sent));
    server.on('PATCH /admin/station-groups/grp_2', { ...groups[1], hourlyRate: 2000, stationCount: 4, createdAt: '2026-01-01T00:00:00.000Z' });
    server.on('GET /admin/pricing', view(sent));
    expect(await prices.save(draft)).toBe(true);
    const writes = server.requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => [r.method, r.url])).toEqual([
      ['PUT', '/admin/pricing'],
      ['PATCH', '/admin/station-groups/grp_2'],
    ]);
    expect(writes[0]?.body).toEqual(sent);
    expect(writes[1]?.body).toEqual({ hourlyRate: 2000 });
    expect(prices.store.getState()).toMatchObject({ error: null, notice: 'saved', problems: {}, view: { priceList: sent } });
  });

  it('a field with a problem sends nothing; the server’s problems land at their fields and keep the list', async () => {
    const { prices, server } = await loaded();
    const bad = draftOf(emptyPriceList(), groups);
    bad.timePackages.push({ ...blankTimePackage([]), name: '', minutes: '60', price: '1000' });
    expect(await prices.save(bad)).toBe(false);
    expect(prices.store.getState().problems).toEqual({ 'timePackages.0.name': [{ code: 'required', message: 'Required.' }] });
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    // The server knows of a group the console had not heard was removed.
    server.on(
      'PUT /admin/pricing',
      {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Window package "Night" names an unknown station group: grp_2.',
        problems: [{ path: 'windowPackages.0.groupIds', code: 'unknownGroup', message: 'Window package "Night" names an unknown station group: grp_2.' }],
      },
      400,
    );
    expect(await prices.save(draftOf({ ...emptyPriceList(), windowPackages: [night] }, groups))).toBe(false);
    expect(prices.store.getState().problems).toEqual({
      'windowPackages.0.groupIds': [{ code: 'unknownGroup', message: 'Window package "Night" names an unknown station group: grp_2.' }],
    });
    expect(prices.store.getState().view?.priceList).toEqual(emptyPriceList());
    // The rates are not touched when the list was refused.
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });
});
