/**
 * The server's own latency over a window (issue 27): the event-loop delay
 * (perf_hooks.monitorEventLoopDelay) and the heartbeat handling time, as
 * exact quantiles over the last 20 s and 60 s on /metrics, so that a bench
 * step reads its own window whoever else scrapes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { stationHeartbeat } from '../../src/shared/api/routes.js';
import { demoMac } from '../../src/server/seed/demo.js';
import { EventLoopDelay, RollingHistogram } from '../../src/server/observability/event-loop.js';
import { ok, startServer, type TestServer } from './support/harness.js';

const METRICS_TOKEN = 'scrape-0123456789abcdef';
let current: TestServer | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** `name{quantile="q",window="w"} value` from the exposition text. */
function gauge(text: string, name: string, quantile: string, window: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`quantile="${quantile}"`) && l.includes(`window="${window}"`));
  if (!line) throw new Error(`no ${name} ${quantile} ${window} in the metrics`);
  return Number(line.split(' ').at(-1));
}

describe('a rolling window of one-second slots', () => {
  it('summarises exactly the samples of the last N seconds, and forgets what is older than a minute', () => {
    let now = 1_000_000;
    const window = new RollingHistogram(() => now);
    for (let i = 1; i <= 99; i += 1) window.record(1); // 99 samples of 1 ms
    window.record(40); // one of 40 ms
    now += 25_000;
    window.record(5, 10);
    expect(window.summary(20).count).toBe(10);
    expect(window.summary(20).max).toBeCloseTo(5, 2);
    const minute = window.summary(60);
    expect(minute.count).toBe(110);
    expect(minute.max).toBeCloseTo(40, 1);
    expect(minute.p50).toBeCloseTo(1, 2);
    expect(minute.p99).toBeCloseTo(5, 2);
    now += 61_000;
    window.record(2);
    expect(window.summary(60)).toMatchObject({ count: 1 });
    expect(window.summary(60).max).toBeCloseTo(2, 2);
  });

  it('reports nothing for an empty window rather than a made-up figure', () => {
    expect(new RollingHistogram(() => 0).summary(20)).toEqual({ count: 0, p50: 0, p99: 0, max: 0 });
  });

  it('sees a blocked event loop as a delay at least as long as the block', () => {
    const delay = new EventLoopDelay(5);
    try {
      return new Promise<void>((resolve, reject) => {
        setTimeout(() => {
          const until = performance.now() + 120;
          while (performance.now() < until); // the loop is blocked for 120 ms
          setTimeout(() => {
            try {
              const { count, max } = delay.summary(20);
              expect(count).toBeGreaterThan(0);
              expect(max).toBeGreaterThanOrEqual(100);
              resolve();
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          }, 30);
        }, 30);
      });
    } finally {
      setTimeout(() => delay.stop(), 200).unref();
    }
  });
});

describe('/metrics, the server measuring itself', () => {
  it('publishes the event-loop delay and the answered heartbeats over 20 s and 60 s', async () => {
    current = await startServer({ nodeId: 'node-a', metricsToken: METRICS_TOKEN });
    for (let i = 0; i < 3; i += 1) {
      await ok(current.url, stationHeartbeat, {
        body: {
          stationId: 'st-02',
          ipAddress: '192.168.1.22',
          macAddress: demoMac(2),
          metadata: { pcName: 'PC-02', clientVersion: '1.0.0', timestamp: new Date().toISOString() },
        },
      });
    }
    const text = await (await fetch(`${current.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    for (const window of ['20s', '60s']) {
      expect(gauge(text, 'spawnpoint_heartbeat_window_seconds', 'count', window)).toBe(3);
      const p99 = gauge(text, 'spawnpoint_heartbeat_window_seconds', '0.99', window);
      expect(p99).toBeGreaterThan(0);
      expect(gauge(text, 'spawnpoint_heartbeat_window_seconds', '1', window)).toBeGreaterThanOrEqual(p99);
      expect(gauge(text, 'spawnpoint_event_loop_delay_seconds', '0.99', window)).toBeGreaterThanOrEqual(0);
      expect(gauge(text, 'spawnpoint_event_loop_delay_seconds', 'count', window)).toBeGreaterThan(0);
    }
  });
});
