/** The one reconnecting link of the kiosk and the console: redials after every loss with the 1–3 s rule, never after stop(). */
import { describe, expect, it } from 'vitest';
import { RedialLink, type RedialSocket } from '../../../src/shared/socket/redial.js';

class Fake implements RedialSocket {
  listeners = new Map<string, (...args: unknown[]) => void>();
  closed = false;
  on(event: string, listener: never): this {
    this.listeners.set(event, listener as (...args: unknown[]) => void);
    return this;
  }
  fire(event: string, ...args: unknown[]): void {
    this.listeners.get(event)?.(...args);
  }
  disconnect(): void {
    this.closed = true;
  }
  removeAllListeners(): void {
    this.listeners.clear();
  }
}

function setup(random = 0.5) {
  const sockets: Fake[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const said: string[] = [];
  const link = new RedialLink<Fake>(
    {
      open: () => {
        const socket = new Fake();
        sockets.push(socket);
        return socket;
      },
      bind: (socket) => socket.on('news', ((text: string) => said.push(`news ${text}`)) as never),
      opening: (dial) => said.push(`opening ${dial}`),
      live: (back) => said.push(back ? 'live again' : 'live'),
      lost: (reason, how) => said.push(`lost ${how} ${reason}`),
    },
    {
      setTimeout: (run, ms) => {
        const timer = { run, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (id) => {
        (id as { cleared: boolean }).cleared = true;
      },
      random: () => random,
    },
  );
  const due = () => timers.filter((t) => !t.cleared);
  return { link, sockets, timers, due, said };
}

describe('RedialLink', () => {
  it("after the server's own disconnect (a restart) it dials a fresh socket after the 1–3 s delay, and says it is back", () => {
    const { link, sockets, due, said } = setup(0.5);
    link.start();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('disconnect', 'io server disconnect');
    expect(sockets[0]!.closed).toBe(true);
    expect(due().map((t) => t.ms)).toEqual([2000]);
    due()[0]!.run();
    expect(sockets).toHaveLength(2);
    sockets[1]!.fire('connect');
    expect(said).toEqual(['opening first', 'live', 'lost disconnect io server disconnect', 'opening retry', 'live again']);
  });

  it('a failed connect retries too, with no attempt limit, each delay within 1–3 s', () => {
    const low = setup(0);
    low.link.start();
    for (let i = 0; i < 20; i += 1) {
      low.sockets.at(-1)!.fire('connect_error', new Error('xhr poll error'));
      const [timer] = low.due().slice(-1);
      expect(timer!.ms).toBe(1000);
      timer!.run();
      timer!.cleared = true;
    }
    expect(low.sockets).toHaveLength(21);
    expect(low.said.filter((s) => s === 'lost connect_error xhr poll error')).toHaveLength(20);
    const high = setup(1);
    high.link.start();
    high.sockets[0]!.fire('connect_error', new Error('timeout'));
    expect(high.due()[0]!.ms).toBe(3000);
  });

  it('stop() closes the socket and never dials again, even with a retry pending', () => {
    const { link, sockets, due, said } = setup();
    link.start();
    sockets[0]!.fire('disconnect', 'transport close');
    link.stop();
    expect(due()).toEqual([]);
    expect(link.running).toBe(false);
    sockets[0]!.fire('disconnect', 'transport close');
    expect(sockets).toHaveLength(1);
    expect(said.filter((s) => s.startsWith('opening'))).toEqual(['opening first']);
  });

  it("a dropped socket's late connect or disconnect changes nothing", () => {
    const { link, sockets, due, said } = setup();
    link.start();
    const old = sockets[0]!;
    const lateConnect = old.listeners.get('connect')!;
    const lateDisconnect = old.listeners.get('disconnect')!;
    link.start(); // a new target: the old dial is dropped
    expect(old.closed).toBe(true);
    lateConnect();
    lateDisconnect('transport close');
    expect(due()).toEqual([]);
    sockets[1]!.fire('connect');
    expect(said).toEqual(['opening first', 'opening first', 'live']);
  });
});
