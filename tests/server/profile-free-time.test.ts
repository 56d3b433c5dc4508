/**
 * Free time (kept as IQD, the protected balance) in the minutes it buys (issue 23: the same at the desk and the
 * kiosk). At a station it is the station's rate; away from one, the cheapest group that charges — as the desk's
 * standardRate counts it. A free group buys no time and never makes the profile say "0 min".
 */
import { describe, expect, it } from 'vitest';
import { standardRate } from '../../src/shared/format.js';
import { findUserByUsername, toUserDto } from '../../src/server/users/profile.js';
import { useServer } from './support/server.js';

const t = useServer();

describe('free time in minutes away from a station', () => {
  it('is counted at the cheapest group that charges, as the desk counts it; a free group is not the standard rate', async () => {
    const db = t.server.db;
    const groups = await db.selectFrom('station_groups').select(['id', 'hourly_rate']).execute();
    await db.updateTable('users').set({ protected_balance: 3000 }).where('username', '=', 'sara').execute();
    const sara = await findUserByUsername(db, 'sara');
    if (!sara) throw new Error('the demo cafe has sara');
    const paid = standardRate(groups.map((g) => g.hourly_rate));
    expect(paid).not.toBeNull();
    const before = await toUserDto(db, t.clock, sara);
    expect(before.protectedBalanceMinutes).toBe(Math.floor((3000 / (paid as number)) * 60));

    // The owner adds a free group (a tournament room): free time still buys what it bought.
    await db.insertInto('station_groups').values({ id: 'grp_free', name: 'Tournament', hourly_rate: 0, created_at: new Date(0).toISOString() }).execute();
    const after = await toUserDto(db, t.clock, sara);
    expect(after.protectedBalanceMinutes).toBe(before.protectedBalanceMinutes);
    expect(after.protectedBalanceMinutes).toBeGreaterThan(0);
  });
});
