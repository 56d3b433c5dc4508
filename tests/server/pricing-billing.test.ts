/**
 * Billing by the price list (issue 26): the server charges each stretch of
 * play at the rule in force — a happy hour halves the rate (and doubles the
 * remaining time), a time package plays before the money and is counted
 * down, a window package ends at its window's end — and records what each
 * stretch was billed as. A change applies to the minutes after it only.
 */
import { describe, expect, it } from 'vitest';
import { adminAddBalance, adminSetPricing, currentClientSession, getStationDetails, sessionMeter, stationHeartbeat } from '../../src/shared/api/routes.js';
import { DAY_MS, emptyPriceList, HOUR_MS, offlineMinutesLeft, type PriceList } from '../../src/shared/pricing/index.js';
import { login, ok, station } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });
const MINUTE = 60_000;

/** The clock's minute of day (UTC: the lists below use offset 0). */
const minuteNow = () => Math.floor((t.clock.now() % DAY_MS) / MINUTE);

/** Sara on a VIP station (3,000 IQD/hour) with exactly `balance` IQD. */
async function saraWith(balance: number) {
  const sara = await login(t.url, 'sara', 'sara12345', 6);
  const { balance: had } = await ok(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: 0 }, token: t.admin });
  await ok(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: balance - had }, token: t.admin });
  return sara;
}

const remaining = async (sara: Awaited<ReturnType<typeof login>>) =>
  (await ok(t.url, currentClientSession, { params: { userId: sara.user.id }, token: sara.accessToken })).remainingMinutes;

const balanceOf = async () => (await t.server.db.selectFrom('users').select(['balance']).where('username', '=', 'sara').executeTakeFirstOrThrow()).balance;

const happyHour = (start: number, minutes: number): PriceList => ({
  ...emptyPriceList(),
  utcOffsetMinutes: 0,
  periods: [
    {
      id: 'happy',
      name: 'Happy hour',
      groupIds: null,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      dates: [],
      start: start % 1440,
      end: (start + minutes) % 1440,
      hourlyRate: null,
      percentOff: 50,
    },
  ],
});

async function holdPackage(userId: string, over: { kind: 'time' | 'window'; validFrom: number; validUntil: number; msLeft: number | null }) {
  await t.server.db
    .insertInto('customer_packages')
    .values({
      id: `pkg_${over.kind}`,
      user_id: userId,
      package_id: over.kind,
      kind: over.kind,
      name: over.kind,
      group_ids: null,
      valid_from: new Date(over.validFrom).toISOString(),
      valid_until: new Date(over.validUntil).toISOString(),
      ms_left: over.msLeft,
      price: 1000,
      sold_at: new Date(t.clock.now()).toISOString(),
      sold_by: null,
      method: 'cash',
      shift_id: null,
    })
    .execute();
}

describe('billing by the price list', () => {
  it('a happy hour halves the rate: the remaining time doubles and an hour costs half', async () => {
    const sara = await saraWith(3000);
    expect(await remaining(sara)).toBe(60);
    await t.clock.advance(10 * MINUTE); // 500 IQD at the plain rate
    await ok(t.url, adminSetPricing, { body: happyHour(minuteNow(), 180), token: t.admin });
    expect(await balanceOf()).toBe(2500); // the minutes before the change kept their price
    expect(await remaining(sara)).toBe(100); // 2,500 IQD at 1,500 IQD/hour
    await t.clock.advance(HOUR_MS);
    expect(await balanceOf()).toBe(1000);
    const lines = await t.server.db.selectFrom('play_charges').select(['source', 'source_id', 'ms', 'iqd']).orderBy('at').execute();
    const by = (source: string) => lines.filter((l) => l.source === source).reduce((a, l) => ({ ms: a.ms + Number(l.ms), iqd: a.iqd + l.iqd }), { ms: 0, iqd: 0 });
    expect(by('plain')).toEqual({ ms: 10 * MINUTE, iqd: 500 });
    expect(by('period')).toEqual({ ms: HOUR_MS, iqd: 1500 });
    expect(lines.filter((l) => l.source === 'period').every((l) => l.source_id === 'happy')).toBe(true);
  });

  it('the station’s meter gives the kiosk the server’s own figure offline, and it follows a happy hour ahead', async () => {
    const sara = await saraWith(3000);
    // A happy hour starting in 20 minutes, for two hours: 20 min at 3,000/h (1,000 IQD), then 2,000 IQD at 1,500/h (80 min).
    await ok(t.url, adminSetPricing, { body: happyHour((minuteNow() + 20) % 1440, 120), token: t.admin });
    const meter = await ok(t.url, sessionMeter, { token: sara.accessToken });
    expect(meter).not.toBeNull();
    expect(offlineMinutesLeft(meter!, t.clock.now())).toBe(await remaining(sara));
    expect(offlineMinutesLeft(meter!, t.clock.now())).toBe(100);
    // 30 minutes on with no word from the server: the kiosk's figure is the server's then.
    const later = t.clock.now() + 30 * MINUTE;
    await t.clock.advance(30 * MINUTE);
    expect(offlineMinutesLeft(meter!, later)).toBe(await remaining(sara));
  });

  const heartbeat = (n: number) =>
    ok(t.url, stationHeartbeat, {
      body: { ...station(n), ipAddress: '192.168.1.50', metadata: { pcName: `PC-0${n}`, clientVersion: '1.0.0', timestamp: new Date().toISOString() } },
    });

  it('the heartbeat’s answer carries the running session’s meter: the route’s, trimmed to the station; null with no priced session', async () => {
    expect((await heartbeat(6)).meter).toBeNull(); // nobody at VIP station 6
    const sara = await saraWith(3000);
    const groups = await t.server.db.selectFrom('station_groups').select(['id', 'name']).execute();
    const standard = groups.find((g) => g.name !== 'VIP')!.id;
    const vipOnly: PriceList = {
      ...happyHour((minuteNow() + 20) % 1440, 120),
      // A period for another group and a package on sale: neither is the VIP station's meter.
      periods: [...happyHour((minuteNow() + 20) % 1440, 120).periods, { ...happyHour(minuteNow(), 60).periods[0]!, id: 'std', groupIds: [standard], percentOff: 90 }],
      timePackages: [{ id: 'three', name: '3 hours', minutes: 180, price: 4500, groupIds: null, validDays: 30, active: true }],
    };
    await ok(t.url, adminSetPricing, { body: vipOnly, token: t.admin });
    const answer = await heartbeat(6);
    const meter = answer.meter!;
    expect(meter).toMatchObject({ sessionId: sara.sessionId, baseRate: 3000, at: t.clock.now() });
    expect(meter.list.periods.map((p) => p.id)).toEqual(['happy']);
    expect(meter.list.timePackages).toEqual([]);
    // The same figure as the route's meter and the server's own remaining time.
    const routed = await ok(t.url, sessionMeter, { token: sara.accessToken });
    expect(routed).toEqual(meter);
    expect(offlineMinutesLeft(meter, t.clock.now())).toBe(await remaining(sara));
    expect(offlineMinutesLeft(meter, t.clock.now() + 45 * MINUTE)).toBe(55);
    // Another station's heartbeat carries none of Sara's.
    expect((await heartbeat(7)).meter).toBeNull();
  });

  it('the heartbeat’s meter carries the packages held and the member price, and gives the server’s figure', async () => {
    const sara = await saraWith(3000);
    const now = t.clock.now();
    await holdPackage(sara.user.id, { kind: 'time', validFrom: now, validUntil: now + DAY_MS, msLeft: 30 * MINUTE });
    const tiers = await t.server.db.selectFrom('tiers').select(['id']).execute();
    await ok(t.url, adminSetPricing, { body: { ...emptyPriceList(), tierPrices: tiers.map((tier) => ({ tierId: tier.id, percentOff: 50 })) }, token: t.admin });
    await t.clock.advance(10 * MINUTE);
    const meter = (await heartbeat(6)).meter!;
    expect(meter.held).toEqual([expect.objectContaining({ id: 'pkg_time', kind: 'time', msLeft: 20 * MINUTE })]);
    expect(meter.tierId).not.toBeNull();
    expect(meter.list.tierPrices).toEqual([{ tierId: meter.tierId, percentOff: 50 }]);
    // 20 minutes of package, then 3,000 IQD at 1,500 IQD/hour: 140 minutes.
    expect(offlineMinutesLeft(meter, t.clock.now())).toBe(140);
    expect(offlineMinutesLeft(meter, t.clock.now())).toBe(await remaining(sara));
  });

  it('the heartbeat’s meter is never an old one: a top-up or a package sold since shows in the next answer', async () => {
    const sara = await saraWith(3000);
    const first = (await heartbeat(6)).meter!;
    expect(offlineMinutesLeft(first, t.clock.now())).toBe(60);
    // Nothing changed: the same meter, at the new instant.
    await t.clock.advance(5_000);
    const again = (await heartbeat(6)).meter!;
    expect(again).toEqual({ ...first, at: t.clock.now() });
    await ok(t.url, adminAddBalance, { params: { username: 'sara' }, body: { amount: 1500 }, token: t.admin });
    const toppedUp = (await heartbeat(6)).meter!;
    expect(offlineMinutesLeft(toppedUp, t.clock.now())).toBe(await remaining(sara));
    expect(offlineMinutesLeft(toppedUp, t.clock.now())).toBeGreaterThanOrEqual(89);
    await holdPackage(sara.user.id, { kind: 'time', validFrom: t.clock.now(), validUntil: t.clock.now() + DAY_MS, msLeft: 30 * MINUTE });
    const withPackage = (await heartbeat(6)).meter!;
    expect(withPackage.held.map((p) => p.id)).toEqual(['pkg_time']);
    expect(offlineMinutesLeft(withPackage, t.clock.now())).toBe(await remaining(sara));
  });

  it('the stations are told the rate in force, a happy hour with its end time', async () => {
    expect((await ok(t.url, getStationDetails, { body: { stationId: 'st-06' } })).group).toEqual({ id: expect.any(String), name: 'VIP', hourlyRate: 3000 });
    const start = minuteNow();
    await ok(t.url, adminSetPricing, { body: happyHour(start, 90), token: t.admin });
    const dayStart = t.clock.now() - (t.clock.now() % DAY_MS);
    expect((await ok(t.url, getStationDetails, { body: { stationId: 'st-06' } })).group).toMatchObject({
      name: 'VIP',
      hourlyRate: 1500,
      ratePeriod: { name: 'Happy hour', until: new Date(dayStart + (start + 90) * MINUTE).toISOString() },
    });
  });

  it('a time package plays first and is counted down; then the money pays', async () => {
    const sara = await saraWith(3000);
    const now = t.clock.now();
    await holdPackage(sara.user.id, { kind: 'time', validFrom: now, validUntil: now + DAY_MS, msLeft: 30 * MINUTE });
    expect(await remaining(sara)).toBe(90); // 30 minutes of package, then 60 of money
    await t.clock.advance(30 * MINUTE);
    expect(await balanceOf()).toBe(3000);
    const held = await t.server.db.selectFrom('customer_packages').select('ms_left').executeTakeFirstOrThrow();
    expect(Number(held.ms_left)).toBe(0);
    await t.clock.advance(20 * MINUTE);
    expect(await balanceOf()).toBe(2000);
  });

  it('a window package ends at its window end, and the money pays after it', async () => {
    const sara = await saraWith(3000);
    const now = t.clock.now();
    await holdPackage(sara.user.id, { kind: 'window', validFrom: now - HOUR_MS, validUntil: now + 2 * HOUR_MS, msLeft: null });
    expect(await remaining(sara)).toBe(180);
    await t.clock.advance(2 * HOUR_MS);
    expect(await balanceOf()).toBe(3000);
    await t.clock.advance(30 * MINUTE);
    expect(await balanceOf()).toBe(1500);
  });

  it('a session ends when money and packages are spent, not before', async () => {
    const sara = await saraWith(100); // 2 minutes at 3,000 IQD/hour
    const now = t.clock.now();
    await holdPackage(sara.user.id, { kind: 'time', validFrom: now, validUntil: now + DAY_MS, msLeft: 3 * MINUTE });
    await t.clock.advance(4 * MINUTE);
    const session = await t.server.db.selectFrom('client_sessions').select(['ended_at', 'end_reason']).where('id', '=', sara.sessionId).executeTakeFirstOrThrow();
    expect(session.ended_at).toBeNull();
    await t.clock.advance(2 * MINUTE);
    const ended = await t.server.db.selectFrom('client_sessions').select(['ended_at', 'end_reason']).where('id', '=', sara.sessionId).executeTakeFirstOrThrow();
    expect(ended).toEqual({ ended_at: new Date(now + 5 * MINUTE).toISOString(), end_reason: 'balance_exhausted' });
    expect(await balanceOf()).toBe(0);
  });
});
