/**
 * Issue 9 / INTERFACES "Presenting it": an enrolled station's renderer sends
 * its credential as X-Station-Credential on every HTTP call and as
 * `auth.stationCredential` in the socket.io handshake; a station without one
 * sends neither.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/renderer/core/api/httpClient.js';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import { StationService } from '../../../src/renderer/station/stationService.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import { createLocalStateStore } from '../../../src/renderer/core/storage/localState.js';
import { parseShellMessage } from '../../../src/shared/bridge/protocol.js';
import { stationHeartbeat } from '../../../src/shared/api/routes.js';
import { fakeFetch } from '../support/fakeFetch.js';
import { FakeBridge, fakeConnection, STATION, memoryStorage, silentLog } from '../support/fakes.js';

const CREDENTIAL = 'spst_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function station() {
  const { fetch, requests } = fakeFetch(() => ({ body: {} }));
  const api = createApiClient({ baseUrl: 'http://page.origin', fetch, log: silentLog });
  const bridge = new FakeBridge();
  const { connection, sockets } = fakeConnection({ bridge });
  const service = new StationService({
    bridge,
    api,
    storage: createLocalStateStore(memoryStorage(), silentLog),
    onInfo: (info) => connection.connect(info),
    log: silentLog,
  });
  service.start();
  return { api, bridge, requests, sockets, service, connection };
}

const heartbeatBody = {
  stationId: STATION.stationId,
  ipAddress: STATION.ipAddress,
  macAddress: STATION.macAddress,
  metadata: { pcName: STATION.pcName, clientVersion: '1.0.0', timestamp: 't' },
};

describe('the station credential (issue 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useStationStore.setState({ info: null, details: null });
    useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE });
  });
  afterEach(() => vi.useRealTimers());

  it('HereTheData may carry a stationCredential, and may leave it out', () => {
    const withOne = parseShellMessage({ command: 'HereTheData', data: { ...STATION, stationCredential: CREDENTIAL } });
    expect(withOne.ok && withOne.message.command === 'HereTheData' && withOne.message.data.stationCredential).toBe(
      CREDENTIAL,
    );
    expect(parseShellMessage({ command: 'HereTheData', data: STATION }).ok).toBe(true);
    expect(parseShellMessage({ command: 'HereTheData', data: { ...STATION, stationCredential: '' } }).ok).toBe(false);
  });

  it('when the shell hands one over: X-Station-Credential on every HTTP call and auth in the socket handshake', async () => {
    const { api, bridge, requests, sockets, service, connection } = station();
    bridge.receive({ command: 'HereTheData', data: { ...STATION, stationCredential: CREDENTIAL } });
    await api.call(stationHeartbeat, { body: heartbeatBody, validate: false });
    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2));
    for (const request of requests) expect(request.headers.get('X-Station-Credential')).toBe(CREDENTIAL);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options.auth).toEqual({ stationCredential: CREDENTIAL });
    // The SPEC's query stays exactly as it is.
    expect(sockets[0]!.options.query).not.toHaveProperty('stationCredential');
    // A reconnect presents it again.
    sockets[0]!.fire('connect_error', new Error('down'));
    vi.advanceTimersByTime(3_000);
    expect(sockets[1]!.options.auth).toEqual({ stationCredential: CREDENTIAL });
    service.stop();
    connection.disconnect();
  });

  it('when the station is not enrolled: no credential header and no auth in the handshake', async () => {
    const { api, bridge, requests, sockets, service, connection } = station();
    bridge.receive({ command: 'HereTheData', data: STATION });
    await api.call(stationHeartbeat, { body: heartbeatBody, validate: false });
    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2));
    for (const request of requests) expect(request.headers.has('X-Station-Credential')).toBe(false);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options).not.toHaveProperty('auth');
    service.stop();
    connection.disconnect();
  });
});
