import { describe, expect, it } from 'vitest';
import { adminStations, stationHeartbeat } from '../../src/shared/api/routes.js';
import { adminToken, connectSocket, connectStation, ok, settle, station, stationCredential } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

const statusOf = async (id: string) =>
  (await t.server.db.selectFrom('stations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('/events handshake', () => {
  it('refuses a handshake that does not parse, an unknown station, or one without the station credential', async () => {
    await expect(connectSocket(t.url, { stationId: 'st-01', macAddress: '02:53:50:00:00:01' })).rejects.toThrow(/clientType/);
    await expect(connectSocket(t.url, { clientType: 'kiosk', ...station(1) })).rejects.toThrow(/Invalid station handshake/);
    await expect(connectSocket(t.url, { clientType: 'station', stationId: 'st-99', macAddress: '02:53:50:00:00:01' })).rejects.toThrow(/^station_unknown: st-99 /);
    await expect(connectSocket(t.url, { clientType: 'station', ...station(1) }, null)).rejects.toThrow(/^station_unpaired: st-01 /);
    await expect(connectSocket(t.url, { clientType: 'station', ...station(1) }, stationCredential(t.url, 2))).rejects.toThrow(/^station_unpaired: st-01 /);
  });

  it('takes the MAC address as an identifier only: the credential proves the station', async () => {
    const socket = await connectSocket(
      t.url,
      { clientType: 'station', stationId: 'st-01', macAddress: '02:53:50:00:00:02' },
      stationCredential(t.url, 1),
    );
    expect(socket.socket.connected).toBe(true);
    socket.close();
  });

  it('admits a station and records its IP address', async () => {
    const socket = await connectStation(t.url, 3);
    expect(socket.socket.connected).toBe(true);
    await expect
      .poll(async () => (await t.server.db.selectFrom('stations').select('ip_address').where('id', '=', 'st-03').executeTakeFirst())?.ip_address)
      .toBe('192.168.1.50');
    const st3 = (await ok(t.url, adminStations, { token: await adminToken(t.url) })).find((s) => s.id === 'st-03');
    expect(st3?.online).toBe(true);
    socket.close();
  });
});

describe('client → server events', () => {
  it('station_status_update persists the status, acks it, and tells the room', async () => {
    const socket = await connectStation(t.url, 2);
    // One connection per station: a second one is refused while the first is up.
    await expect(connectStation(t.url, 2)).rejects.toThrow(/already connected/);
    socket.socket.emit('station_status_update', { status: 'reserved', timestamp: 1736532000000, ...station(2) });
    expect(await socket.next('stationStatusAck')).toEqual({ stationId: 'st-02', status: 'reserved', timestamp: 1736532000000 });
    expect(await socket.next('stationStatusChanged')).toEqual({ stationId: 'st-02', status: 'reserved', stationNumber: 2 });
    expect(await statusOf('st-02')).toBe('reserved');
    socket.close();
  });

  it('acknowledges a repeated status without writing or announcing it again (issue 16: only what changed)', async () => {
    const socket = await connectStation(t.url, 3);
    socket.socket.emit('station_status_update', { status: 'in_use', timestamp: 1, ...station(3) });
    expect((await socket.next('stationStatusAck')).timestamp).toBe(1);
    expect(await socket.next('stationStatusChanged')).toMatchObject({ stationId: 'st-03', status: 'in_use' });
    await settle(100);
    // The announcement goes out only for a row the conditional UPDATE changed: none means nothing was written.
    const announced = socket.count('stationStatusChanged');
    socket.socket.emit('station_status_update', { status: 'in_use', timestamp: 2, ...station(3) });
    expect((await socket.next('stationStatusAck')).timestamp).toBe(2);
    await settle(200);
    expect(socket.count('stationStatusChanged')).toBe(announced);
    // A different status is written and announced again.
    socket.socket.emit('station_status_update', { status: 'reserved', timestamp: 3, ...station(3) });
    expect((await socket.next('stationStatusAck')).timestamp).toBe(3);
    await settle(100);
    expect(socket.count('stationStatusChanged')).toBe(announced + 1);
    expect(await statusOf('st-03')).toBe('reserved');
    socket.close();
  });

  it('drops a malformed payload, and a payload about another station', async () => {
    const socket = await connectStation(t.url, 4);
    socket.socket.emit('station_status_update', { status: '', timestamp: 1, ...station(4) });
    socket.socket.emit('station_status_update', { status: 'maintenance' });
    socket.socket.emit('station_status_update', { status: 'offline', timestamp: 1, ...station(5) });
    socket.socket.emit('station_unlock_ack', { success: 'yes' });
    await settle(300);
    expect(socket.count('stationStatusAck')).toBe(0);
    expect(await statusOf('st-04')).toBe('available');
    expect(await statusOf('st-05')).toBe('available');
    expect(await t.server.db.selectFrom('guest_unlock_acks').selectAll().execute()).toEqual([]);
    // The connection survives bad payloads.
    socket.socket.emit('station_status_update', { status: 'maintenance', timestamp: 2, ...station(4) });
    expect((await socket.next('stationStatusAck')).status).toBe('maintenance');
    socket.close();
  });

  it('greets a connection with connectionStatus and asks for a heartbeat at once (issue 24)', async () => {
    const socket = await connectStation(t.url, 6);
    expect(await socket.next('connectionStatus')).toMatchObject({ connected: true, status: 'connected', stationId: 'st-06' });
    expect(await socket.next('stationHeartbeat')).toMatchObject({ stationId: 'st-06' });
    socket.close();
  });

  it('answers a heartbeat with stationHeartbeatAck to the station (issue 24)', async () => {
    const socket = await connectStation(t.url, 7);
    await ok(t.url, stationHeartbeat, {
      body: { ...station(7), ipAddress: '192.168.1.57', metadata: { pcName: 'PC-07', clientVersion: '1.0.0', timestamp: new Date().toISOString() } },
    });
    expect(await socket.next('stationHeartbeatAck')).toMatchObject({ stationId: 'st-07', serverTime: expect.any(String) });
    socket.close();
  });

  it('updateUserId is acknowledged with { ok: true }', async () => {
    const socket = await connectStation(t.url, 1);
    const reply = await socket.socket.timeout(2000).emitWithAck('updateUserId', { userId: 'usr_123' });
    expect(reply).toEqual({ ok: true });
    socket.close();
  });
});
