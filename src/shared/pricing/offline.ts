/**
 * The kiosk's offline countdown (issue 26): what the station keeps from the
 * server — the meter (the price list as it applies at this station to this
 * customer, the plain rate, group, tier), the packages held and what was left
 * to spend at the instant billed up to — and the minutes left at any later
 * instant by the very same walk the server bills with.
 *
 * The server's own figure is `runsOutAt − now` on these inputs, so the offline
 * figure is the server's figure for the same instant: a cheaper period
 * starting while the server is unreachable makes the money last longer than a
 * plain countdown would, a dearer one (a happy hour ending, a package spent)
 * shorter, exactly at their edges. The instant is the server's: the meter
 * says when the server read it (`at`), and the kiosk adds the time elapsed
 * since it heard it on a monotonic clock (`minutesLeftSinceHeard`), so a kiosk
 * whose wall clock is off, or is set while offline, still counts the server's minutes, and a
 * late or skipped timer loses nothing (it is recomputed, not counted down).
 */
import { z } from 'zod';
import { runsOutAt } from './meter.js';
import { coversGroup } from './rates.js';
import { MINUTE_MS, UNITS_PER_IQD, priceListSchema, type HeldPackage, type Meter } from './types.js';

export const meterSnapshotSchema = z.object({
  /** The running session this is the meter of (a heartbeat's answer is per station: the kiosk checks it is its session's). */
  sessionId: z.string().min(1).max(128),
  /** The server's clock when it read the meter (ms). */
  at: z.number(),
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

/**
 * The meter cut down to what the walk reads at this station for this customer:
 * the periods that cover its group, its tier's member price, no package
 * catalogue (the packages held carry their own terms). Prices exactly as the
 * whole list does (`tests/shared/pricing-offline.test.ts`), in a fraction of
 * the bytes a heartbeat's answer carries.
 */
export function stationMeter(meter: Meter): Meter {
  const { list } = meter;
  return {
    ...meter,
    list: {
      utcOffsetMinutes: list.utcOffsetMinutes,
      periods: list.periods.filter((p) => coversGroup(p.groupIds, meter.groupId)),
      timePackages: [],
      windowPackages: [],
      tierPrices: meter.tierId === null ? [] : list.tierPrices.filter((p) => p.tierId === meter.tierId),
    },
  };
}

/** What a running session can still spend from the instant it was billed up to (paid and not yet played, plus the wallet), in units. */
export function availableUnits(session: { amountCharged: number; owedUnits: number; balance: number; protectedBalance: number }): number {
  return (session.amountCharged + session.balance + session.protectedBalance) * UNITS_PER_IQD - session.owedUnits;
}

/** The snapshot the kiosk keeps: the meter (trimmed to the station), the packages, the money from `from`, read at the server's `at`. */
export function meterSnapshot(input: {
  sessionId: string;
  at: number;
  meter: Meter;
  held: readonly HeldPackage[];
  from: number;
  availableUnits: number;
}): MeterSnapshot {
  const { list, baseRate, groupId, tierId } = stationMeter(input.meter);
  const held = input.held.filter((p) => coversGroup(p.groupIds, groupId)).map((p) => ({ ...p }));
  return { sessionId: input.sessionId, at: input.at, list, baseRate, groupId, tierId, held, from: input.from, availableUnits: input.availableUnits };
}

/** Whole minutes left at the server's instant `now` by the snapshot's rules; null when nothing runs out (free play). */
export function offlineMinutesLeft(snapshot: MeterSnapshot, now: number): number | null {
  const meter: Meter = { list: snapshot.list, baseRate: snapshot.baseRate, groupId: snapshot.groupId, tierId: snapshot.tierId };
  const held: HeldPackage[] = snapshot.held.map((p) => ({ ...p }));
  const at = runsOutAt(meter, held, snapshot.from, snapshot.availableUnits);
  if (at === null) return null;
  return Math.max(0, Math.floor((at - Math.max(now, snapshot.from)) / MINUTE_MS));
}

/**
 * The kiosk's figure offline: the server's instant is the one the meter was
 * read at plus the time elapsed on the kiosk's clock since the kiosk heard it
 * (`heardAt` and `kioskNow` on the same monotonic clock: its readings mean nothing, only their difference).
 */
export function minutesLeftSinceHeard(snapshot: MeterSnapshot, heardAt: number, kioskNow: number): number | null {
  return offlineMinutesLeft(snapshot, snapshot.at + Math.max(0, kioskNow - heardAt));
}
