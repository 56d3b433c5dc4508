/** Stations and rates: a rate change sends only what changed and the row takes the server's answer; a pairing code is kept per station. */
import { describe, expect, it } from 'vitest';
import { StationsService } from '../../../../src/console/catalogue/stations/stationsService.js';
import { testCore } from '../../support/fakes.js';

const group = (over: Record<string, unknown> = {}) => ({ id: 'grp_1', name: 'Standard', hourlyRate: 1500, stationCount: 4, createdAt: 'x', ...over });

describe('StationsService', () => {
  it('changes a rate, keeping the other groups as they were, and says whose', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/station-groups', [group(), group({ id: 'grp_2', name: 'VIP', hourlyRate: 3000 })]);
    server.on('PATCH /admin/station-groups/grp_1', (body) => group(body as Record<string, unknown>));
    const stations = new StationsService(core.http);
    await stations.load();
    expect(await stations.updateGroup('grp_1', { hourlyRate: 1750 })).toBe(true);
    expect(server.requests.at(-1)?.body).toEqual({ hourlyRate: 1750 });
    expect(stations.store.getState().groups.map((g) => `${g.name}:${g.hourlyRate}`)).toEqual(['Standard:1750', 'VIP:3000']);
    expect(stations.store.getState().notice).toBe('Standard');
  });

  it('keeps each station’s pairing code apart, and a refusal in the server’s words', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations/st-01/pairing-code', { stationId: 'st-01', pairingCode: 'ABC123', expiresAt: '2026-11-27T10:10:00Z', certificateFingerprint: null });
    server.on('POST /admin/stations/st-02/pairing-code', { statusCode: 404, error: 'Not Found', message: 'No such station.' }, 404);
    const stations = new StationsService(core.http);
    expect(await stations.pair('st-01')).toBe(true);
    expect(await stations.pair('st-02')).toBe(false);
    expect(stations.store.getState().codes).toEqual({ 'st-01': { code: 'ABC123', expiresAt: '2026-11-27T10:10:00Z' } });
    expect(stations.store.getState().error).toBe('No such station.');
  });
});
