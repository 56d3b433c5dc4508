/**
 * The kiosk's offline countdown by the shared pricing module (issue 26): the
 * minutes left are recomputed from the clock with the server's own walk, so a
 * happy hour counts and a late tick loses nothing.
 */
import { describe, expect, it } from 'vitest';
import { emptyPriceList, offlineMinutesLeft, UNITS_PER_IQD, type MeterSnapshot, type PriceList } from '../../src/shared/pricing/index.js';

const local = (hhmm: string): number => Date.parse(`2026-11-27T${hhmm}:00+03:00`);
const HAPPY: PriceList = {
  ...emptyPriceList(),
  periods: [{ id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4, 5, 6], dates: [], start: 14 * 60, end: 17 * 60, hourlyRate: null, percentOff: 50 }],
};
/** Ali at 2,000 IQD/hour, billed up to 13:45 with 1,000 IQD to spend (the README's worked example). */
const aliAt1345 = (list: PriceList = HAPPY): MeterSnapshot => ({
  list,
  baseRate: 2000,
  groupId: null,
  tierId: null,
  held: [],
  from: local('13:45'),
  availableUnits: 1000 * UNITS_PER_IQD,
});

describe('the offline countdown (shared module)', () => {
  it('counts the happy hour ahead: 45 minutes at 13:45, not the 30 that 1,000 IQD buy at the plain rate', () => {
    expect(offlineMinutesLeft(aliAt1345(), local('13:45'))).toBe(45);
    expect(offlineMinutesLeft(aliAt1345(emptyPriceList()), local('13:45'))).toBe(30);
  });

  it('recomputes from the clock at any instant: across the period start, to zero at 14:30', () => {
    expect(offlineMinutesLeft(aliAt1345(), local('13:59'))).toBe(31);
    expect(offlineMinutesLeft(aliAt1345(), local('14:00'))).toBe(30);
    expect(offlineMinutesLeft(aliAt1345(), local('14:29'))).toBe(1);
    expect(offlineMinutesLeft(aliAt1345(), local('14:30'))).toBe(0);
    expect(offlineMinutesLeft(aliAt1345(), local('15:00'))).toBe(0);
    // A clock behind the instant billed up to counts from that instant.
    expect(offlineMinutesLeft(aliAt1345(), local('13:00'))).toBe(45);
  });

  it('free play runs out never: null', () => {
    expect(offlineMinutesLeft({ ...aliAt1345(), baseRate: 0 }, local('13:45'))).toBeNull();
  });
});
