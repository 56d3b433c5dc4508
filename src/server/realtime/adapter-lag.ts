/**
 * The realtime adapter's delivery lag, measured for real: every node sends a
 * timestamped probe through the adapter (`serverSideEmit`, the same
 * LISTEN/NOTIFY path an emit to a station on another node takes) every few
 * seconds, and every other node observes now − sent. Across machines the
 * figure includes their clock difference (keep them on NTP); on one machine
 * it is the adapter's own delay.
 */
import type { Server } from 'socket.io';

export const LAG_PROBE_EVENT = 'spawnpoint:lag-probe';
export const LAG_PROBE_MS = 5000;

interface Probe {
  from: string;
  sentAt: number;
}

function isProbe(value: unknown): value is Probe {
  const probe = value as Partial<Probe> | null;
  return typeof probe?.from === 'string' && typeof probe.sentAt === 'number' && Number.isFinite(probe.sentAt);
}

/** Sends a probe every `everyMs` (real time) and reports each peer's probe's age in seconds; returns how to stop. */
export function startLagProbe(io: Server, instance: string, observe: (seconds: number) => void, everyMs = LAG_PROBE_MS): () => void {
  const listener = (probe: unknown) => {
    if (!isProbe(probe) || probe.from === instance) return;
    observe(Math.max(0, Date.now() - probe.sentAt) / 1000);
  };
  io.on(LAG_PROBE_EVENT, listener);
  const timer = setInterval(() => {
    const probe: Probe = { from: instance, sentAt: Date.now() };
    io.serverSideEmit(LAG_PROBE_EVENT, probe);
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    io.off(LAG_PROBE_EVENT, listener);
  };
}
