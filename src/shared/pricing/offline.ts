/**
 * The kiosk's offline countdown (issue 26): what the station keeps from the
 * server — the meter (price list, plain rate, group, tier), the packages held
 * and what was left to spend at the instant billed up to — and the minutes
 * left at any later instant by the very same walk the server bills with. The
 * figure is recomputed from the clock, not counted down tick by tick, so it
 * follows every period edge exactly (a happy hour starting while the server is
 * unreachable makes the minutes last longer) and a late or skipped timer loses
 * nothing.
 */
import { z } from 'zod';
import { runsOutAt } from './meter.js';
import { MINUTE_MS, priceListSchema, type HeldPackage, type Meter } from './types.js';

export const meterSnapshotSchema = z.object({
  list: priceListSchema,
  baseRate: z.number().int().min(0),
  groupId: z.string().nullable(),
  tierId: z.string().nullable(),
  held: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['time', 'window']),
      groupIds: z.array(z.string()).nullable(),
      validFrom: z.number(),
      validUntil: z.number(),
      msLeft: z.number().nullable(),
    }),
  ),
  /** The instant (ms) the session was billed up to … */
  from: z.number(),
  /** … and what it had to spend from then on, in units (IQD × 3,600,000). */
  availableUnits: z.number(),
});
export type MeterSnapshot = z.infer<typeof meterSnapshotSchema>;

/** Whole minutes left at `now` by the snapshot's rules; null when nothing runs out (free play). */
export function offlineMinutesLeft(snapshot: MeterSnapshot, now: number): number | null {
  const meter: Meter = { list: snapshot.list, baseRate: snapshot.baseRate, groupId: snapshot.groupId, tierId: snapshot.tierId };
  const held: HeldPackage[] = snapshot.held.map((p) => ({ ...p }));
  const at = runsOutAt(meter, held, snapshot.from, snapshot.availableUnits);
  if (at === null) return null;
  return Math.max(0, Math.floor((at - Math.max(now, snapshot.from)) / MINUTE_MS));
}
