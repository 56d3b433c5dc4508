/** Test doubles shared by the renderer tests. */
import type {
  RendererToShell,
  ShellToRenderer,
  SpawnpointBridge,
} from '../../../src/shared/bridge/protocol.js';
import type { ConnectionInfo, LoginResponse } from '../../../src/shared/entities.js';
import { ShellBridge } from '../../../src/renderer/core/bridge/shellBridge.js';
import {
  ConnectionService,
  type ConnectionServiceDeps,
  type StationSocket,
} from '../../../src/renderer/core/connection/connectionService.js';

export const STATION: ConnectionInfo = {
  macAddress: 'AA:BB:CC:DD:EE:01',
  ipAddress: '192.168.1.21',
  pcName: 'PC-01',
  stationId: 'station-1',
  serverUrl: 'http://cafe.local:3000',
};

/** The raw transport under a FakeBridge: records sends, delivers what the test says the shell sent. */
class FakeTransport implements SpawnpointBridge {
  readonly sent: RendererToShell[] = [];
  readonly listeners = new Set<(message: ShellToRenderer) => void>();

  send(message: RendererToShell): void {
    this.sent.push(message);
  }

  onMessage(listener: (message: ShellToRenderer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The renderer's typed ShellBridge over a fake transport. */
export class FakeBridge extends ShellBridge {
  private readonly transport: FakeTransport;

  constructor(transport = new FakeTransport()) {
    super(transport);
    this.transport = transport;
  }

  get sent(): RendererToShell[] {
    return this.transport.sent;
  }

  /** Deliver a message from the shell. */
  receive(message: ShellToRenderer): void {
    for (const listener of [...this.transport.listeners]) listener(message);
  }

  commands(): string[] {
    return this.sent.map((m) => m.command);
  }
}

/** A socket.io client socket double: the test fires server events and inspects emits. */
export class FakeSocket implements StationSocket {
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  disconnected = false;
  private readonly listeners = new Map<string, Array<(...args: unknown[]) => void>>();

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: (...args: unknown[]) => void): this {
    const list = this.listeners.get(event) ?? [];
    list.push(listener);
    this.listeners.set(event, list);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  /** Fire an event as if it came from socket.io. */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export const silentLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

export function loginResponse(overrides: Partial<LoginResponse['user']> = {}): LoginResponse {
  return {
    accessToken: 'token-abc',
    sessionId: 'session-9',
    stationId: STATION.stationId,
    user: {
      id: 'user-7',
      username: 'ali',
      email: null,
      phoneNumber: null,
      displayName: null,
      avatarUrl: null,
      type: 'regular',
      isGuest: false,
      sessionId: 'session-9',
      stationId: STATION.stationId,
      stationNumber: 4,
      xp: 1200,
      level: 3,
      tier: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      totalPlaytimeMinutes: 0,
      balance: 5000,
      protectedBalance: 0,
      protectedBalanceMinutes: 0,
      lastLoginAt: null,
      steamId: null,
      claimedRewards: [],
      requirePasswordReset: false,
      requireBalanceTopUp: false,
      ...overrides,
    },
  };
}

/**
 * A ConnectionService whose sockets are FakeSockets, collected in `sockets` in
 * the order it opens them; no user, a silent log and a fresh FakeBridge unless
 * `deps` says otherwise.
 */
export function fakeConnection(deps: Partial<Omit<ConnectionServiceDeps, 'createSocket'>> = {}) {
  const sockets: FakeSocket[] = [];
  const connection = new ConnectionService({
    bridge: new FakeBridge(),
    getUserId: () => '',
    log: silentLog,
    ...deps,
    createSocket: (url, options) => {
      const socket = new FakeSocket(url, options as Record<string, unknown>);
      sockets.push(socket);
      return socket;
    },
  });
  return { connection, sockets };
}
