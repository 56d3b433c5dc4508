/**
 * The console never loses the room (issue 23): the /staff channel dials again by itself after any
 * disconnect — the server's own at a restart too, which socket.io never retries — with the kiosk's
 * rules (random 1–3 s, no attempt limit, socket.io's own reconnection off), says it is away meanwhile,
 * tells the screens to re-read when it is back, and stops for good on sign-out.
 */
import { describe, expect, it } from 'vitest';
import { StaffSocket, type StaffClientSocket } from '../../../src/console/core/staffSocket.js';

class Dialled implements StaffClientSocket {
  listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  closed = false;
  constructor(readonly options: Record<string, unknown>) {}
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  disconnect() {
    this.closed = true;
  }
  removeAllListeners() {
    this.listeners.clear();
  }
}

function harness(random = 0.5) {
  const dialled: Dialled[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  let now = 1_000_000;
  const socket = new StaffSocket({
    createSocket: (_path, options) => {
      const s = new Dialled(options as Record<string, unknown>);
      dialled.push(s);
      return s;
    },
    setTimeout: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (id) => void ((id as { cleared: boolean }).cleared = true),
    random: () => random,
    now: () => now,
  });
  const pending = () => timers.filter((t) => !t.cleared);
  /** Runs the one pending retry, as its delay passing would. */
  const elapse = () => {
    const next = pending();
    expect(next).toHaveLength(1);
    next[0]!.cleared = true;
    next[0]!.run();
  };
  return { socket, dialled, timers, pending, elapse, last: () => dialled[dialled.length - 1]!, tick: (ms: number) => (now += ms) };
}

describe('the /staff channel', () => {
  it('dials with socket.io reconnection off, a fresh manager each time, and is live on connect', () => {
    const h = harness();
    h.socket.connect();
    expect(h.dialled).toHaveLength(1);
    expect(h.last().options).toMatchObject({ reconnection: false, forceNew: true, withCredentials: true });
    expect(h.socket.link.getState().phase).toBe('connecting');
    h.last().fire('connect');
    expect(h.socket.link.getState()).toMatchObject({ phase: 'live', connected: true, awaySince: null });
  });

  it("dials again after the server's own disconnect (a restart), which socket.io alone never retries", () => {
    const h = harness(0);
    h.socket.connect();
    h.last().fire('connect');
    h.tick(5_000);
    h.last().fire('disconnect', 'io server disconnect');
    expect(h.socket.link.getState()).toMatchObject({ phase: 'away', connected: false, error: 'io server disconnect', awaySince: 1_005_000 });
    expect(h.dialled[0]!.closed).toBe(true);
    expect(h.pending()[0]!.ms).toBe(1_000);
    h.elapse();
    expect(h.dialled).toHaveLength(2);
    h.last().fire('connect');
    expect(h.socket.link.getState().phase).toBe('live');
  });

  it('keeps trying with no attempt limit, each after 1 to 3 s, while the server stays away', () => {
    const h = harness(1);
    h.socket.connect();
    h.last().fire('connect');
    h.last().fire('disconnect', 'transport close');
    for (let i = 0; i < 25; i += 1) {
      expect(h.pending()[0]!.ms).toBe(3_000);
      h.elapse();
      h.last().fire('connect_error', new Error('websocket error'));
    }
    expect(h.dialled).toHaveLength(26);
    expect(h.socket.link.getState()).toMatchObject({ phase: 'away', attempts: 25 });
    h.elapse();
    h.last().fire('connect');
    expect(h.socket.link.getState()).toMatchObject({ phase: 'live', attempts: 0 });
  });

  it('tells the screens to re-read when it is back, not on the first connect', () => {
    const h = harness();
    let backs = 0;
    h.socket.onBack(() => (backs += 1));
    h.socket.connect();
    h.last().fire('connect');
    expect(backs).toBe(0);
    h.last().fire('disconnect', 'ping timeout');
    h.elapse();
    h.last().fire('connect');
    expect(backs).toBe(1);
    // A first dial that failed (the server was restarting at sign-in) is a return too.
    const g = harness();
    let gBacks = 0;
    g.socket.onBack(() => (gBacks += 1));
    g.socket.connect();
    g.last().fire('connect_error', new Error('xhr poll error'));
    g.elapse();
    g.last().fire('connect');
    expect(gBacks).toBe(1);
  });

  it('delivers events only from the current socket, parsed with their schema', () => {
    const h = harness();
    const seen: unknown[] = [];
    h.socket.on('roomUpdated', (stations) => seen.push(stations));
    h.socket.connect();
    const first = h.last();
    first.fire('connect');
    first.fire('roomUpdated', []);
    first.fire('roomUpdated', 'not a room');
    expect(seen).toEqual([[]]);
    first.fire('disconnect', 'transport close');
    first.fire('roomUpdated', []); // a late event of the dropped socket: its listeners are gone
    expect(seen).toHaveLength(1);
  });

  it('a refused handshake asks whether the session still stands; an unreachable server does not', () => {
    const h = harness();
    const refusals: string[] = [];
    h.socket.onRefused((message) => refusals.push(message));
    h.socket.connect();
    h.last().fire('connect_error', new Error('websocket error'));
    expect(refusals).toEqual([]);
    h.elapse();
    h.last().fire('connect_error', new Error('Staff channel: connect with auth { token } holding an admin or staff token.'));
    expect(refusals).toHaveLength(1);
    // It keeps dialling (the session may stand: a passing fault); a 401 elsewhere signs out.
    expect(h.pending()).toHaveLength(1);
  });

  it('sign-out stops for good: no retry, idle', () => {
    const h = harness();
    h.socket.connect();
    h.last().fire('connect');
    h.last().fire('disconnect', 'transport close');
    expect(h.pending()).toHaveLength(1);
    h.socket.disconnect();
    expect(h.pending()).toHaveLength(0);
    expect(h.socket.link.getState()).toMatchObject({ phase: 'idle', connected: false, awaySince: null });
    h.socket.connect();
    expect(h.dialled).toHaveLength(2);
  });
});
