import { describe, expect, it } from 'vitest';
import { charge, remainingForWallet, wholeMinutesBetween } from '../../src/server/sessions/billing.js';
import { minutesForBalance as minutesFor } from '../../src/shared/format.js';
import { ManualClock, systemClock } from '../../src/server/clock/clock.js';

describe('billing arithmetic', () => {
  it('charges an hour at exactly the hourly rate, minute by minute, even when a minute is not whole IQD', () => {
    let wallet = { balance: 5000, protectedBalance: 0 };
    let charged = 0;
    for (let minute = 0; minute < 60; minute++) {
      const result = charge(1000, minute, charged, 1, wallet);
      charged += result.amount;
      wallet = result.wallet;
    }
    expect(charged).toBe(1000);
    expect(wallet.balance).toBe(4000);
  });

  it('spends free time (protected balance) before the paid balance, and never below zero', () => {
    expect(charge(1500, 0, 0, 2, { balance: 1000, protectedBalance: 30 })).toEqual({
      amount: 50,
      wallet: { balance: 980, protectedBalance: 0 },
    });
    expect(charge(3000, 0, 0, 10, { balance: 120, protectedBalance: 0 })).toEqual({
      amount: 120,
      wallet: { balance: 0, protectedBalance: 0 },
    });
  });

  it('counts whole minutes only and computes minutes left', () => {
    expect(wholeMinutesBetween('2025-01-10T18:00:00.000Z', Date.parse('2025-01-10T18:02:59.999Z'))).toBe(2);
    expect(remainingForWallet({ balance: 100, protectedBalance: 25 }, 1500)).toBe(5);
    expect(remainingForWallet({ balance: 100, protectedBalance: 0 }, 0)).toBeNull();
  });
});

describe('ManualClock', () => {
  it('fires intervals in order as time advances, and awaits them', async () => {
    const clock = new ManualClock(0);
    const fired: string[] = [];
    clock.setInterval(async () => {
      await new Promise((r) => setTimeout(r, 1));
      fired.push(`a@${clock.now()}`);
    }, 60_000);
    const b = clock.setInterval(() => fired.push(`b@${clock.now()}`), 90_000);
    await clock.advance(180_000);
    expect(fired).toEqual(['a@60000', 'b@90000', 'a@120000', 'a@180000', 'b@180000']);
    clock.clearInterval(b);
    await clock.advance(90_000);
    expect(fired.slice(5)).toEqual(['a@240000']);
    expect(clock.now()).toBe(270_000);
  });
});

describe('minutesFor', () => {
  it('does not lose a minute to floating point (shared minutesForBalance does)', () => {
    expect(minutesFor(24975, 1500)).toBe(999);
    expect(minutesFor(25000, 1500)).toBe(1000);
    expect(minutesFor(49, 3000)).toBe(0);
    expect(minutesFor(100, 0)).toBeNull();
  });
});

describe('systemClock', () => {
  it('runs N times faster: a clock minute passes in 60/N real seconds', async () => {
    const clock = systemClock(600); // one clock minute every 100 ms
    const start = clock.now();
    let ticks = 0;
    const timer = clock.setInterval(() => ticks++, 60_000);
    await new Promise((r) => setTimeout(r, 350));
    clock.clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(ticks).toBeLessThanOrEqual(4);
    expect(clock.now() - start).toBeGreaterThanOrEqual(3 * 60_000);
    expect(() => systemClock(0)).toThrow(/positive/);
  });
});
