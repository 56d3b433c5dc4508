/** Issue 22: the shell tells the server which games it sees running (only that time earns XP). */
import { describe, expect, it } from 'vitest';
import { createRunningReporter, type ReportTimers } from '../../src/main/games/running-report.js';
import type { PostJson } from '../../src/main/launcher/centre-account.js';

function manualTimers() {
  const intervals = new Map<number, () => void>();
  let next = 1;
  const timers: ReportTimers = {
    setInterval: (callback) => {
      intervals.set(next, callback);
      return next++;
    },
    clearInterval: (id) => void intervals.delete(id as number),
  };
  return { timers, tick: () => [...intervals.values()].forEach((fn) => fn()), count: () => intervals.size };
}

function setup(options: { status?: number; credential?: string | null } = {}) {
  const sent: Array<Parameters<PostJson>[0]> = [];
  const lines: string[] = [];
  const clock = manualTimers();
  const reporter = createRunningReporter({
    serverUrl: 'http://cafe:4000/',
    stationId: 'st-01',
    credential: async () => (options.credential === null ? undefined : (options.credential ?? 'spst_station')),
    post: async (request) => {
      sent.push(request);
      return { status: options.status ?? 200, body: '{}' };
    },
    log: (line) => lines.push(line),
    timers: clock.timers,
  });
  const bodies = () => sent.map((r) => (JSON.parse(r.body) as { jsonIds: string[] }).jsonIds);
  return { reporter, sent, lines, clock, bodies };
}

describe('the running-games report', () => {
  it('sends the running set with the station credential at every change, in order', async () => {
    const { reporter, sent, bodies } = setup();
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-cs2' });
    reporter.observe({ command: 'AppLaunched', JsonID: 'app-discord' });
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-cs2' }); // no change: nothing sent
    reporter.observe({ command: 'AppClosed', JsonID: 'game-cs2' });
    reporter.observe({ command: 'Notification', title: 'x', message: 'y' } as never);
    await reporter.settled();
    expect(sent[0]).toMatchObject({ method: 'PUT', url: 'http://cafe:4000/game-play-tracking/station/st-01/running' });
    expect(sent[0]?.headers['X-Station-Credential']).toBe('spst_station');
    // Each report carries the set as it is when sent; the last one is what runs.
    expect(sent).toHaveLength(3);
    expect(bodies().at(-1)).toEqual(['app-discord']);
    expect(reporter.running()).toEqual(['app-discord']);
  });

  it('repeats the report while a game runs, and stops once none does', async () => {
    const { reporter, sent, clock } = setup();
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-cs2' });
    expect(clock.count()).toBe(1);
    clock.tick();
    clock.tick();
    await reporter.settled();
    expect(sent).toHaveLength(3);
    reporter.observe({ command: 'AppClosed', JsonID: 'game-cs2' });
    expect(clock.count()).toBe(0);
    await reporter.settled();
    expect(sent).toHaveLength(4);
  });

  it('sends nothing when the station is not enrolled', async () => {
    const { reporter, sent, lines } = setup({ credential: null });
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-cs2' });
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-dota2' });
    await reporter.settled();
    expect(sent).toHaveLength(0);
    expect(lines).toEqual(['games: not enrolled, so the running games are not reported (plays earn no XP on this server)']);
  });

  it('a server that only follows the SPEC (404) is asked once, and the kiosk plays on', async () => {
    const { reporter, sent, lines, clock } = setup({ status: 404 });
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-cs2' });
    await reporter.settled();
    reporter.observe({ command: 'AppClosed', JsonID: 'game-cs2' });
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-lol' });
    clock.tick();
    await reporter.settled();
    expect(sent).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('takes no running-game reports');
  });

  it('a failed report goes to the log once, and the next one is still sent', async () => {
    let fail = true;
    const lines: string[] = [];
    const sent: string[] = [];
    const reporter = createRunningReporter({
      serverUrl: 'http://cafe:4000',
      stationId: 'st-01',
      credential: async () => 'spst_station',
      post: async (request) => {
        sent.push(request.body);
        if (fail) throw new Error('connect ECONNREFUSED');
        return { status: 200, body: '{}' };
      },
      log: (line) => lines.push(line),
      timers: manualTimers().timers,
    });
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-cs2' });
    reporter.observe({ command: 'AppLaunched', JsonID: 'game-lol' });
    await reporter.settled();
    expect(lines).toEqual(['games: running games not reported: connect ECONNREFUSED']);
    fail = false;
    reporter.observe({ command: 'AppClosed', JsonID: 'game-lol' });
    await reporter.settled();
    expect(sent).toHaveLength(3);
    expect(JSON.parse(sent[2]!)).toEqual({ jsonIds: ['game-cs2'] });
  });
});
