/**
 * The kiosk's offline countdown by the shared pricing module (issue 26): the
 * minutes left are recomputed with the server's own walk on the server's own
 * inputs — the meter trimmed to the station, the packages, what was left to
 * spend at the instant billed up to — at the server's instant (the instant it
 * read the meter plus the time elapsed on the kiosk's clock), so the figure is
 * the server's for the same instant whatever the kiosk's clock says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MINUTE_MS,
  DAY_MS,
  HORIZON_MS,
  UNITS_PER_IQD,
  availableUnits,
  emptyPriceList,
  meterSnapshot,
  minutesLeft,
  minutesLeftSinceHeard,
  offlineMinutesLeft,
  priceInterval,
  runsOutAt,
  stationMeter,
  type MeterSnapshot,
  type PriceList,
} from '../../src/shared/pricing/index.js';
import { heartbeatMeter, stationHeartbeat } from '../../src/shared/api/station.js';
import { arbMeter, arbPackages, instant } from './pricing-arbitraries.js';

const local = (hhmm: string): number => Date.parse(`2026-11-27T${hhmm}:00+03:00`);
const HAPPY: PriceList = {
  ...emptyPriceList(),
  periods: [{ id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4, 5, 6], dates: [], start: 14 * 60, end: 17 * 60, hourlyRate: null, percentOff: 50 }],
};
/** Ali at 2,000 IQD/hour, billed up to `hhmm` (13:45 by default) with 1,000 IQD to spend (the README's worked example). */
const ali = (list: PriceList = HAPPY, hhmm = '13:45'): MeterSnapshot => ({
  sessionId: 'ses_ali',
  at: local(hhmm),
  list,
  baseRate: 2000,
  groupId: null,
  tierId: null,
  held: [],
  from: local(hhmm),
  availableUnits: 1000 * UNITS_PER_IQD,
});

describe('the offline countdown (shared module)', () => {
  it('counts the happy hour ahead: 45 minutes at 13:45, not the 30 that 1,000 IQD buy at the plain rate', () => {
    expect(offlineMinutesLeft(ali(), local('13:45'))).toBe(45);
    expect(offlineMinutesLeft(ali(emptyPriceList()), local('13:45'))).toBe(30);
  });

  it('recomputes at any instant: across the period start, to zero at 14:30', () => {
    expect(offlineMinutesLeft(ali(), local('13:59'))).toBe(31);
    expect(offlineMinutesLeft(ali(), local('14:00'))).toBe(30);
    expect(offlineMinutesLeft(ali(), local('14:29'))).toBe(1);
    expect(offlineMinutesLeft(ali(), local('14:30'))).toBe(0);
    expect(offlineMinutesLeft(ali(), local('15:00'))).toBe(0);
    // An instant before the one billed up to counts from that instant.
    expect(offlineMinutesLeft(ali(), local('13:00'))).toBe(45);
  });

  it('a dearer period ahead shortens it: at 16:45 in the happy hour 1,000 IQD last 37 minutes (15 at 1,000/h, then 22.5 at 2,000/h), not 60', () => {
    expect(offlineMinutesLeft(ali(HAPPY, '16:45'), local('16:45'))).toBe(37);
    expect(offlineMinutesLeft(ali(HAPPY, '16:45'), local('17:00'))).toBe(22);
  });

  it('counts the server’s minutes whatever the kiosk clock’s offset: heard at 13:45 by the server’s clock, 10 minutes later on the kiosk’s', () => {
    for (const kioskOffset of [-3 * 60 * MINUTE_MS, -7 * MINUTE_MS, 0, 5 * MINUTE_MS, 26 * 60 * MINUTE_MS]) {
      const heardAt = local('13:45') + kioskOffset;
      expect(minutesLeftSinceHeard(ali(), heardAt, heardAt + 10 * MINUTE_MS)).toBe(35);
    }
    // A kiosk clock set back while offline does not give time back.
    expect(minutesLeftSinceHeard(ali(), local('13:45'), local('13:40'))).toBe(45);
  });

  it('free play runs out never: null', () => {
    expect(offlineMinutesLeft({ ...ali(), baseRate: 0 }, local('13:45'))).toBeNull();
  });

  it('what a session can spend: paid and not yet played plus the wallet, in units', () => {
    // 1,200 IQD charged, 1,200.5 IQD owed, 300 + 50 IQD in the wallet: 349.5 IQD left.
    expect(availableUnits({ amountCharged: 1200, owedUnits: 1200.5 * UNITS_PER_IQD, balance: 300, protectedBalance: 50 })).toBe(349.5 * UNITS_PER_IQD);
  });
});

describe('the meter in a heartbeat’s answer (SPEC §7: the answer is not read; our server adds it)', () => {
  it('reads our meter and our null; a bare answer, another server’s fields or a malformed meter are not one', () => {
    expect(heartbeatMeter({ success: true, serverTime: 'x', meter: ali() })).toEqual(ali());
    expect(heartbeatMeter({ success: true, serverTime: 'x', meter: null })).toBeNull();
    for (const answer of [undefined, null, '', 'ok', 42, {}, { success: true }, { status: 'alive', meter: { sessionId: 'ses_ali' } }, { meter: { ...ali(), list: { periods: 'all' } } }, { meter: { ...ali(), at: 'now' } }]) {
      expect(heartbeatMeter(answer)).toBeUndefined();
    }
  });

  it('our server’s own answer is checked with and without the meter; one without session and instant is refused', () => {
    expect(stationHeartbeat.response.safeParse({ success: true, serverTime: 'x' }).success).toBe(true);
    expect(stationHeartbeat.response.safeParse({ success: true, serverTime: 'x', meter: null }).success).toBe(true);
    expect(stationHeartbeat.response.safeParse({ success: true, serverTime: 'x', meter: ali() }).success).toBe(true);
    expect(stationHeartbeat.response.safeParse({ success: true, serverTime: 'x', meter: { list: HAPPY } }).success).toBe(false);
  });
});

describe('offline countdown properties', () => {
  it('the meter trimmed to the station prices exactly as the whole price list', () => {
    fc.assert(
      fc.property(arbMeter, arbPackages, instant, fc.integer({ min: 0, max: 2 * DAY_MS }), fc.integer({ min: 0, max: 50_000 }), (m, packages, from, length, money) => {
        const trimmed = stationMeter(m);
        expect(trimmed.list.periods.every((p) => p.groupIds === null || p.groupIds.includes('grp-std'))).toBe(true);
        expect(priceInterval(trimmed, packages, from, from + length).units).toBe(priceInterval(m, packages, from, from + length).units);
        expect(runsOutAt(trimmed, packages, from, money * UNITS_PER_IQD)).toBe(runsOutAt(m, packages, from, money * UNITS_PER_IQD));
      }),
    );
  });

  it('the kiosk’s figure offline is the server’s for the same instant, whatever the kiosk clock’s offset and however long it was offline', () => {
    fc.assert(
      fc.property(
        arbMeter,
        arbPackages,
        instant,
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 5 * MINUTE_MS }), // the server read the meter this long after the instant billed up to
        fc.integer({ min: 0, max: 2 * DAY_MS }), // offline this long
        fc.integer({ min: -DAY_MS, max: DAY_MS }), // the kiosk's clock minus the server's
        (m, packages, from, money, readAfter, offlineMs, skew) => {
          const available = money * UNITS_PER_IQD;
          const at = from + readAfter;
          const snapshot = meterSnapshot({ sessionId: 's', at, meter: m, held: packages, from, availableUnits: available });
          const kiosk = minutesLeftSinceHeard(snapshot, at + skew, at + skew + offlineMs);
          // The server at the same instant: it bills [from, now) (packages counted down, the money spent), then counts ahead.
          const now = at + offlineMs;
          const end = runsOutAt(m, packages, from, available);
          if (end !== null && end <= now) {
            expect(kiosk).toBe(0); // the server ended the session at `end`
            return;
          }
          const billed = priceInterval(m, packages, from, now);
          const server = minutesLeft(m, billed.packages, now, available - billed.units);
          if (end === null) {
            // Nothing runs out within the walk's horizon (a month of play) from the instant billed up to: the kiosk
            // says so (and keeps its countdown); the server, looking a month from now, sees no less than the rest of it.
            expect(kiosk).toBeNull();
            if (server !== null) expect(server).toBeGreaterThanOrEqual(Math.floor((HORIZON_MS - (now - from)) / MINUTE_MS));
            return;
          }
          expect(kiosk).toBe(server);
        },
      ),
    );
  });
});
