/**
 * The Stations screen's service (issue 22): the rows from the live room (number order, filter, connection,
 * pairing), adding a PC pairs it at once with the code shown once, revoke and regroup go through the owner's
 * routes, and a refusal is said in the server's words.
 */
import { describe, expect, it } from 'vitest';
import type { Receipt, RoomStation } from '../../../src/shared/api/console.js';
import { StationsService, stationReceipts, stationRows } from '../../../src/console/stations/stationsService.js';
import { testCore } from '../support/fakes.js';

const station = (over: Partial<RoomStation>): RoomStation => ({
  id: 'st-01',
  number: 1,
  name: 'PC-01',
  macAddress: 'AA',
  groupName: null,
  groupId: null,
  status: 'available',
  online: true,
  lastHeartbeatAt: '2026-11-27T10:00:00Z',
  paired: true,
  currentSession: null,
  balance: null,
  playing: null,
  ...over,
});

const row = (over: Record<string, unknown> = {}) => ({ id: 'st-09', number: 9, name: 'PC-09', groupId: null, groupName: null, paired: false, ...over });

describe('stationRows', () => {
  const room = [
    station({ id: 'st-10', number: 10, name: 'VIP-10', groupName: 'VIP', groupId: 'grp_vip', online: false, paired: false, lastHeartbeatAt: null }),
    station({ id: 'st-02', number: 2, name: 'PC-02' }),
    station({ id: 'st-01', number: 1, name: 'PC-01', paired: undefined }),
  ];

  it('lists by number with connection, last seen and pairing (unknown when the server does not say)', () => {
    expect(stationRows(room, '').map((r) => [r.number, r.connection, r.lastSeen, r.paired])).toEqual([
      [1, 'online', '2026-11-27T10:00:00Z', null],
      [2, 'online', '2026-11-27T10:00:00Z', true],
      [10, 'offline', null, false],
    ]);
  });

  it('filters by number, name, id or group, any case', () => {
    expect(stationRows(room, 'vip').map((r) => r.id)).toEqual(['st-10']);
    expect(stationRows(room, ' 2 ').map((r) => r.id)).toEqual(['st-02']);
    expect(stationRows(room, 'ST-0').map((r) => r.id)).toEqual(['st-01', 'st-02']);
    expect(stationRows(room, 'nothing')).toEqual([]);
  });
});

describe('stationReceipts', () => {
  it('keeps the receipts of station changes only', () => {
    const receipt = (action: string): Receipt => ({ id: action, stationId: 'st-01', stationNumber: 1, action, state: 'done', reason: null, by: 'owner', at: 'x' });
    expect(stationReceipts(['RESTART', 'pairing-code', 'unlock-guest', 'revoke-credential', 'add-station', 'edit-station'].map(receipt)).map((r) => r.id)).toEqual([
      'pairing-code',
      'revoke-credential',
      'add-station',
      'edit-station',
    ]);
  });
});

describe('StationsService', () => {
  it('adds a PC and shows its one-time pairing code at once; dismissing forgets the code', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations', (body) => row({ id: (body as { stationId: string }).stationId }));
    server.on('POST /admin/stations/st-09/pairing-code', { stationId: 'st-09', pairingCode: 'ABCD-EFGH', expiresAt: '2026-11-27T10:15:00Z', certificateFingerprint: 'AB:CD' });
    const stations = new StationsService(core.http);
    expect(await stations.add({ stationId: 'st-09', number: 9, group: 'grp_vip' })).toBe(true);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/stations', 'POST /admin/stations/st-09/pairing-code']);
    expect(server.requests[0]?.body).toEqual({ stationId: 'st-09', number: 9, group: 'grp_vip' });
    expect(stations.store.getState().code).toEqual({ stationId: 'st-09', code: 'ABCD-EFGH', expiresAt: '2026-11-27T10:15:00Z', fingerprint: 'AB:CD' });
    expect(stations.store.getState().selected).toBe('st-09');
    stations.dismissCode();
    expect(stations.store.getState().code).toBeNull();
  });

  it('says a refused add in the server’s words and asks for no code', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations', { statusCode: 409, error: 'Conflict', message: 'Number 9 is already station st-03.' }, 409);
    const stations = new StationsService(core.http);
    expect(await stations.add({ stationId: 'st-09', number: 9 })).toBe(false);
    expect(stations.store.getState().error).toBe('Number 9 is already station st-03.');
    expect(server.requests).toHaveLength(1);
    expect(stations.store.getState().code).toBeNull();
  });

  it('a staff member’s pairing code is refused by the server (owner only) and nothing is shown', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations/st-01/pairing-code', { statusCode: 403, error: 'Forbidden', message: 'Only an owner may do this.' }, 403);
    const stations = new StationsService(core.http);
    expect(await stations.pair('st-01')).toBe(false);
    expect(stations.store.getState()).toMatchObject({ code: null, error: 'Only an owner may do this.' });
  });

  it('revokes through DELETE …/credential, says which station and re-reads the alerts', async () => {
    const { core, server } = testCore();
    server.on('DELETE /admin/stations/st-01/credential', { success: true, message: 'Revoked the credential of st-01; it is disconnected' });
    server.on('GET /admin/station-alerts', [{ id: 1, stationId: 'st-01', kind: 'revoked', message: 'credential revoked by owner', createdAt: 'x' }]);
    const stations = new StationsService(core.http);
    expect(await stations.revoke('st-01')).toBe(true);
    expect(stations.store.getState().done).toEqual({ kind: 'revoked', station: 'st-01' });
    expect(stations.store.getState().alerts.map((a) => a.kind)).toEqual(['revoked']);
  });

  it('moves a station to a group, and out of every group, with PATCH', async () => {
    const { core, server } = testCore();
    server.on('PATCH /admin/stations/st-01', (body) => row({ id: 'st-01', groupId: (body as { group: string | null }).group }));
    server.on('GET /admin/station-groups', []);
    const stations = new StationsService(core.http);
    await stations.move('st-01', 'grp_vip');
    await stations.move('st-01', null);
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ group: 'grp_vip' }, { group: null }]);
    expect(stations.store.getState().done).toEqual({ kind: 'moved', station: 'PC-09' });
  });

  it('walks the selection with the keys, stopping at the ends', () => {
    const { core } = testCore();
    const stations = new StationsService(core.http);
    const rows = stationRows([station({ id: 'a', number: 1 }), station({ id: 'b', number: 2 })], '');
    stations.step(rows, 1);
    expect(stations.store.getState().selected).toBe('a');
    stations.step(rows, 1);
    stations.step(rows, 1);
    expect(stations.store.getState().selected).toBe('b');
    stations.step(rows, -1);
    expect(stations.store.getState().selected).toBe('a');
  });
});

describe('StationsService.screenshot (issue 24)', () => {
  const PNG64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');
  const shot = (over: Record<string, unknown> = {}) => ({
    id: 'shot_1',
    stationId: 'st-02',
    requestedBy: 'desk',
    requestedAt: '2026-11-27T10:00:00Z',
    state: 'requested',
    takenAt: null,
    contentType: null,
    bytes: null,
    ...over,
  });
  const polling = (tries = 3) => ({ tries, every: 1, sleep: async () => undefined });

  it('asks, says "asked", reads until taken and holds the image; closing keeps the receipt and can open it again', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations/st-02/screenshot', shot({ delivered: true }));
    let reads = 0;
    server.on('GET /admin/screenshots/shot_1', () => {
      reads += 1;
      return reads < 2 ? shot({ imageBase64: null }) : shot({ state: 'taken', contentType: 'image/png', bytes: 11, takenAt: 'x', imageBase64: PNG64 });
    });
    const stations = new StationsService(core.http, undefined, polling());
    const seen: string[] = [];
    stations.store.subscribe((s) => {
      if (s.shot && seen.at(-1) !== s.shot.state) seen.push(s.shot.state);
    });
    expect(await stations.screenshot('st-02')).toBe(true);
    expect(seen).toEqual(['asked', 'taken']);
    expect(reads).toBe(2);
    expect(stations.store.getState().shot).toEqual({ stationId: 'st-02', id: 'shot_1', state: 'taken', image: `data:image/png;base64,${PNG64}` });
    stations.showShot(false);
    expect(stations.store.getState().shot?.state).toBe('seen');
    stations.showShot(true);
    expect(stations.store.getState().shot?.state).toBe('taken');
  });

  it('fails at once when the PC is not connected (nothing is read)', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations/st-02/screenshot', shot({ delivered: false }));
    const stations = new StationsService(core.http, undefined, polling());
    await stations.screenshot('st-02');
    expect(stations.store.getState().shot).toMatchObject({ state: 'failed', image: null });
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('fails when the request expired, or when no image came in the tries it waits', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations/st-02/screenshot', shot({ delivered: true }));
    server.on('GET /admin/screenshots/shot_1', shot({ state: 'expired', imageBase64: null }));
    const stations = new StationsService(core.http, undefined, polling(5));
    await stations.screenshot('st-02');
    expect(stations.store.getState().shot?.state).toBe('failed');
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);

    server.on('GET /admin/screenshots/shot_1', shot({ imageBase64: null }));
    await stations.screenshot('st-02');
    expect(stations.store.getState().shot?.state).toBe('failed');
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1 + 5);
  });

  it('a refused ask says the server’s words and leaves no receipt', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/stations/st-02/screenshot', { statusCode: 403, error: 'Forbidden', message: 'Staff only.' }, 403);
    const stations = new StationsService(core.http, undefined, polling());
    expect(await stations.screenshot('st-02')).toBe(false);
    expect(stations.store.getState()).toMatchObject({ shot: null, error: 'Staff only.' });
  });
});
