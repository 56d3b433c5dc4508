/** Prices (issue 26): the owner's list is read, edited as text and sent; bad text or a server refusal saves nothing and says why. */
import { describe, expect, it } from 'vitest';
import { PricesService } from '../../../../src/console/catalogue/prices/pricesService.js';
import { emptyPriceList } from '../../../../src/shared/pricing/types.js';
import { testCore } from '../../support/fakes.js';

const view = (priceList = emptyPriceList()) => ({ priceList, groups: [{ id: 'grp_1', name: 'VIP', hourlyRate: 3000 }], tiers: [], updatedAt: null, updatedBy: null });
const night = { id: 'night', name: 'Night', price: 6000, groupIds: null, start: 1320, end: 480, weekdays: [], active: true };

describe('PricesService', () => {
  it('sends the edited list and shows what the server kept', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/pricing', view());
    const saved = { ...emptyPriceList(), windowPackages: [night] };
    server.on('PUT /admin/pricing', view(saved));
    const prices = new PricesService(core.http);
    await prices.load();
    expect(await prices.saveText(JSON.stringify(saved))).toBe(true);
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual(saved);
    expect(prices.store.getState()).toMatchObject({ error: null, notice: 'saved', view: { priceList: saved } });
  });

  it('bad text never reaches the server; a refusal keeps the list and says why', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/pricing', view());
    server.on('PUT /admin/pricing', { statusCode: 400, error: 'Bad Request', message: 'Rate period "X" needs weekdays or dates: it would never apply.' }, 400);
    const prices = new PricesService(core.http);
    await prices.load();
    expect(await prices.saveText('{ not json')).toBe(false);
    expect(await prices.saveText(JSON.stringify({ ...emptyPriceList(), windowPackages: [{ ...night, price: -1 }] }))).toBe(false);
    expect(prices.store.getState().error).toMatch(/windowPackages\.0\.price/);
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(await prices.saveText(JSON.stringify(emptyPriceList()))).toBe(false);
    expect(prices.store.getState().error).toBe('Rate period "X" needs weekdays or dates: it would never apply.');
    expect(prices.store.getState().view?.priceList).toEqual(emptyPriceList());
  });
});
