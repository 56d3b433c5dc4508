/**
 * SPEC §4/§9 retry rule, shared by the kiosk's connection and the console's
 * /staff link: after a loss, dial again after a random 1 to 3 s.
 */
import { RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_MIN_MS } from '../constants.js';

/** A delay in [RECONNECT_DELAY_MIN_MS, RECONNECT_DELAY_MAX_MS] for a random n in [0, 1] (clamped). */
export function reconnectDelay(random: number): number {
  const n = Math.min(1, Math.max(0, random));
  return Math.round(RECONNECT_DELAY_MIN_MS + n * (RECONNECT_DELAY_MAX_MS - RECONNECT_DELAY_MIN_MS));
}
