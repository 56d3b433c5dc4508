/**
 * Every minute of clock time: bill each active session, publish its balance,
 * end it when spent, and end a login held at its gate past the gate's time.
 * With several nodes on one database each minute's tick runs on exactly one
 * of them (`Coordination.claim` on the clock minute): whichever node's timer
 * comes first in that minute; when a node stops, the others' timers go on
 * claiming the next minutes, so no minute is skipped and none billed twice.
 */
import type { Clock } from '../clock/clock.js';
import type { FastifyBaseLogger } from 'fastify';
import { once, soloCoordination, type Coordination } from '../cluster/coordination.js';
import { BILLING_TICK_MS } from './billing.js';
import type { SessionService } from './service.js';

export const BILLING_JOB = 'billing';

export async function billingTick(sessions: SessionService): Promise<void> {
  for (const active of await sessions.listActive()) {
    // The gate's own timer lives on the node that started the login; if that node stopped, the tick ends it.
    if (active.gate && (await sessions.expireGateIfDue(active.id))) continue;
    await sessions.review(active.id, true);
  }
}

export function startBillingLoop(
  clock: Clock,
  sessions: SessionService,
  log: FastifyBaseLogger,
  /** Called once per tick that ran on this node (metrics). */
  onTick: () => void = () => undefined,
  coordination: Coordination = soloCoordination('solo'),
): () => void {
  let running = false;
  const timer = clock.setInterval(async () => {
    if (running) return; // a slow tick never overlaps the next one
    running = true;
    try {
      // A claim left by a node whose clock ran ahead is taken over after two ticks (in real time).
      const ran = await once(coordination, BILLING_JOB, clock.now(), BILLING_TICK_MS, () => billingTick(sessions), {
        staleMs: (2 * BILLING_TICK_MS) / (clock.speed ?? 1),
      });
      if (ran) onTick();
    } catch (error) {
      log.error({ err: error }, 'billing tick failed');
    } finally {
      running = false;
    }
  }, BILLING_TICK_MS);
  return () => {
    clock.clearInterval(timer);
    sessions.stop();
  };
}
