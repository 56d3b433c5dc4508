/** Every minute of clock time: bill each active session, publish its balance, end it when spent. */
import type { Clock } from '../clock/clock.js';
import type { FastifyBaseLogger } from 'fastify';
import { BILLING_TICK_MS } from './billing.js';
import type { SessionService } from './service.js';

export async function billingTick(sessions: SessionService): Promise<void> {
  for (const active of await sessions.listActive()) await sessions.review(active.id, true);
}

export function startBillingLoop(
  clock: Clock,
  sessions: SessionService,
  log: FastifyBaseLogger,
  /** Called once per tick that ran (metrics). */
  onTick: () => void = () => undefined,
): () => void {
  let running = false;
  const timer = clock.setInterval(async () => {
    if (running) return; // a slow tick never overlaps the next one
    running = true;
    try {
      await billingTick(sessions);
      onTick();
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
