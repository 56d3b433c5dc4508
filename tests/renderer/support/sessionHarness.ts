/** A SessionService wired to a real ConnectionService over a FakeSocket. */
import { vi } from 'vitest';
import { ConnectionService } from '../../../src/renderer/core/connection/connectionService.js';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import { SessionService } from '../../../src/renderer/session/sessionService.js';
import { INITIAL_SESSION_STATE, useSessionStore } from '../../../src/renderer/session/sessionStore.js';
import { createLocalStateStore } from '../../../src/renderer/core/storage/localState.js';
import type { ApiClient } from '../../../src/renderer/core/api/httpClient.js';
import type { Route } from '../../../src/shared/api/route.js';
import { FakeBridge, FakeSocket, STATION, memoryStorage, silentLog } from './fakes.js';

type AnyCall = (route: Route, options?: unknown) => Promise<unknown>;

export function sessionHarness(options: { call?: AnyCall } = {}) {
  useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE });
  useSessionStore.setState({ ...INITIAL_SESSION_STATE });
  const bridge = new FakeBridge();
  const sockets: FakeSocket[] = [];
  const connection = new ConnectionService({
    bridge,
    getUserId: () => useSessionStore.getState().session?.userId ?? '',
    createSocket: (url, opts) => {
      const socket = new FakeSocket(url, opts as Record<string, unknown>);
      sockets.push(socket);
      return socket;
    },
    log: silentLog,
  });
  const storageBacking = memoryStorage();
  const storage = createLocalStateStore(storageBacking, silentLog);
  const call = vi.fn<AnyCall>(options.call ?? (() => Promise.reject(new Error('no api in this test'))));
  const api = { call, setToken: vi.fn() };
  const statusSender = { report: vi.fn() };
  const notify = vi.fn();
  const notifyError = vi.fn();
  const session = new SessionService({
    api: { call: call as unknown as ApiClient['call'], setToken: api.setToken },
    connection,
    bridge,
    storage,
    statusSender,
    getStation: () => STATION,
    getStationNumber: () => 4,
    notify,
    notifyError,
    now: () => new Date('2025-06-01T10:00:00.000Z'),
    events: window,
    log: silentLog,
  });
  session.attach();
  connection.connect(STATION);
  const socket = sockets[0]!;
  socket.fire('connect');
  const acks = () => socket.emitted.filter((e) => e.event === 'station_unlock_ack').map((e) => e.args[0]);
  return { session, connection, socket, bridge, storage, storageBacking, api, statusSender, notify, notifyError, acks };
}
