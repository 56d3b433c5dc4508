import { describe, expect, it } from 'vitest';
import { charge, msLeft, owedFor, remainingForWallet } from '../../src/server/sessions/billing.js';
import { minutesForBalance as minutesFor } from '../../src/shared/format.js';
import { ManualClock, systemClock } from '../../src/server/clock/clock.js';

describe('billing arithmetic (by the second)', () => {
  it('owes rate × time: rounded down while running, up at the end; an hour costs exactly the rate', () => {
    expect(owedFor(1500, 55_000, false)).toBe(22); // 22.9 IQD accrued so far
    expect(owedFor(1500, 55_000, true)).toBe(23); // a 55 s session costs 23 IQD
    expect(owedFor(1000, 3_600_000, true)).toBe(1000);
    expect(owedFor(1000, 3_600_000, false)).toBe(1000);
    expect(owedFor(1500, 264_000, true)).toBe(110); // no float noise rounds 110.0000001 up
    expect(owedFor(1500, 0, true)).toBe(0);
  });

  it('charges second by second to exactly the hourly rate', () => {
    let wallet = { balance: 5000, protectedBalance: 0 };
    let charged = 0;
    for (let second = 1; second <= 3600; second++) {
      const result = charge(owedFor(1000, second * 1000, second === 3600), charged, wallet);
      charged += result.amount;
      wallet = result.wallet;
    }
    expect(charged).toBe(1000);
    expect(wallet.balance).toBe(4000);
  });

  it('spends free time (protected balance) before the paid balance, and never below zero', () => {
    expect(charge(50, 0, { balance: 1000, protectedBalance: 30 })).toEqual({
      amount: 50,
      wallet: { balance: 980, protectedBalance: 0 },
    });
    expect(charge(500, 0, { balance: 120, protectedBalance: 0 })).toEqual({
      amount: 120,
      wallet: { balance: 0, protectedBalance: 0 },
    });
  });

  it('knows how long the wallet lasts and computes minutes left', () => {
    expect(msLeft(1500, 0, 0, { balance: 110, protectedBalance: 0 })).toBe(264_000);
    expect(msLeft(1500, 60_000, 25, { balance: 85, protectedBalance: 0 })).toBe(204_000);
    expect(msLeft(0, 0, 0, { balance: 110, protectedBalance: 0 })).toBeNull();
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
