/**
 * The server's Prometheus metrics (prom-client), one registry per server
 * (tests run many servers in one process), every series labelled with the
 * node id. Process metrics (CPU, memory, event-loop lag, GC) are collected
 * once per process and merged in at scrape time.
 *
 * `spawnpoint_adapter_lag_seconds` exists only with a realtime adapter
 * (several nodes on PostgreSQL): the age of the peers' probes when they
 * arrive (realtime/adapter-lag.ts). One node has no adapter and no such series.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { eventLoopDelay, RollingHistogram, type WindowSummary } from './event-loop.js';

let processRegistry: Registry | undefined;
/** Node's own process metrics, registered once per process however many servers it runs. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry }); // the standard names, as Node.js dashboards expect them
  }
  return processRegistry;
}

/** Heartbeat handling time buckets, in seconds: the §9 target is p99 < 100 ms, issue 27's p99 ≤ 20 ms. */
const HEARTBEAT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The windows the server summarises its own latency over (issue 27): one
 * heartbeat interval (what a bench step measures) and a minute.
 */
export const LATENCY_WINDOWS_S = [20, 60] as const;

/** One gauge per quantile and window, in seconds, from a windowed summary in ms. */
function windowGauge(name: string, help: string, registers: Registry[], summary: (seconds: number) => WindowSummary): void {
  new Gauge({
    name,
    help,
    labelNames: ['quantile', 'window'],
    registers,
    collect() {
      for (const seconds of LATENCY_WINDOWS_S) {
        const { count, p50, p99, max } = summary(seconds);
        const window = `${seconds}s`;
        this.set({ quantile: '0.5', window }, p50 / 1000);
        this.set({ quantile: '0.99', window }, p99 / 1000);
        this.set({ quantile: '1', window }, max / 1000);
        this.set({ quantile: 'count', window }, count);
      }
    },
  });
}

/** Adapter delivery lag buckets, in seconds: LISTEN/NOTIFY is a few ms when healthy. */
const ADAPTER_LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricsSources {
  /** A realtime adapter links this node to others (the adapter lag series exists). */
  adapter?: boolean;
  /** Stations holding a socket on this node. */
  stationsConnected: () => number;
  /** Client sessions running (not ended), from the database. */
  sessionsRunning: () => Promise<number>;
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly heartbeatSeconds: Histogram;
  readonly heartbeatBatchSize: Histogram;
  readonly billingTicks: Counter;
  /** Successful heartbeats' handling time (ms), per second, for the windowed quantiles. */
  readonly heartbeatWindow = new RollingHistogram();
  /** Only with an adapter. */
  readonly adapterLagSeconds: Histogram | undefined;

  constructor(
    readonly nodeId: string,
    sources: MetricsSources,
  ) {
    const registers = [this.registry];
    new Gauge({
      name: 'spawnpoint_stations_connected',
      help: 'Stations holding a realtime connection to this node',
      registers,
      collect() {
        this.set(sources.stationsConnected());
      },
    });
    new Gauge({
      name: 'spawnpoint_sessions_running',
      help: 'Client sessions running (started, not ended)',
      registers,
      async collect() {
        this.set(await sources.sessionsRunning());
      },
    });
    this.heartbeatSeconds = new Histogram({
      name: 'spawnpoint_heartbeat_duration_seconds',
      help: 'Time to handle POST /station-heartbeat, from request to answer (including the group commit)',
      labelNames: ['status'],
      buckets: HEARTBEAT_BUCKETS,
      registers,
    });
    this.heartbeatBatchSize = new Histogram({
      name: 'spawnpoint_heartbeat_batch_size',
      help: 'Heartbeats written per group-commit transaction',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000],
      registers,
    });
    // The server's own latency over the last 20 s and 60 s (issue 27): exact quantiles, not bucket bounds.
    windowGauge(
      'spawnpoint_event_loop_delay_seconds',
      'How long callbacks waited for the event loop (perf_hooks.monitorEventLoopDelay), over the window; quantile "1" is the max, "count" the samples',
      registers,
      (seconds) => eventLoopDelay().summary(seconds),
    );
    windowGauge(
      'spawnpoint_heartbeat_window_seconds',
      'Time to handle an answered POST /station-heartbeat over the window; quantile "1" is the max, "count" the heartbeats',
      registers,
      (seconds) => this.heartbeatWindow.summary(seconds),
    );
    eventLoopDelay(); // measuring from the start, not from the first scrape
    this.billingTicks = new Counter({
      name: 'spawnpoint_billing_ticks_total',
      help: 'Billing ticks run by this node (with several nodes, each minute runs on one of them)',
      registers,
    });
    this.adapterLagSeconds = sources.adapter
      ? new Histogram({
          name: 'spawnpoint_adapter_lag_seconds',
          help: 'Delivery lag of the realtime adapter: age of a peer node\'s probe when it arrives here',
          buckets: ADAPTER_LAG_BUCKETS,
          registers,
        })
      : undefined;
  }

  /** The exposition text: this server's series and the process's. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([this.registry, processMetrics()]);
    merged.setDefaultLabels({ node: this.nodeId }); // a merge drops them; the process series get the node too

    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
