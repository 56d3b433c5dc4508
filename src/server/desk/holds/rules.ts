/** Holds' rules (pure): is a window acceptable, for a customer's tier or for an event. */
export const HOUR = 60 * 60 * 1000;
export const MAX_EVENT_HOLD_MS = 7 * 24 * HOUR;

export interface HoldTier {
  canReserveStations: boolean;
  maxReservationHours: number;
}

/** Why a hold from `starts` to `ends` (ms) cannot be made now, or null when it can. */
export function holdWindowRefusal(starts: number, ends: number, now: number, customer: { username: string; tier: HoldTier | null } | null): string | null {
  if (!(ends > starts)) return 'A hold ends after it starts.';
  if (ends <= now) return 'This hold would already be over.';
  if (customer) {
    if (!customer.tier?.canReserveStations) return `${customer.username}'s tier cannot reserve stations.`;
    if (ends - starts > customer.tier.maxReservationHours * HOUR) return `${customer.username}'s tier reserves at most ${customer.tier.maxReservationHours} hours.`;
    return null;
  }
  return ends - starts > MAX_EVENT_HOLD_MS ? 'An event hold lasts at most 7 days.' : null;
}
