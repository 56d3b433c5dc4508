/**
 * The meters a node keeps for the kiosks' offline countdown
 * (`PricingService.sessionMeter`, issue 26) are bounded by what they serve:
 * at most one per station, whatever number of sessions start and end there;
 * a station whose session ended keeps none.
 */
import { describe, expect, it } from 'vitest';
import { adminSetPricing } from '../../src/shared/api/routes.js';
import { emptyPriceList } from '../../src/shared/pricing/index.js';
import { findUserByUsername } from '../../src/server/users/profile.js';
import { demoStationId } from '../../src/server/seed/demo.js';
import { ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });
const MINUTE = 60_000;

describe('the meters kept for the offline countdown', () => {
  it('a long run of sessions on three stations keeps at most three meters; none once their sessions ended', async () => {
    const { db, context } = t.server;
    const sessions = context.sessions;
    const pricing = sessions.pricing;
    await ok(t.url, adminSetPricing, { body: { ...emptyPriceList(), utcOffsetMinutes: 0 }, token: t.admin });
    // Three paying customers with money to play (no gate), on three stations.
    const names = ['ali', 'sara', 'topup'];
    await db.updateTable('users').set({ balance: 100_000, require_balance_top_up: 0 }).where('username', 'in', names).execute();
    const users = await Promise.all(names.map(async (name) => (await findUserByUsername(db, name))!));
    const stations = await Promise.all([1, 2, 3].map(async (n) => db.selectFrom('stations').selectAll().where('id', '=', demoStationId(n)).executeTakeFirstOrThrow()));

    const seen = new Set<string>();
    for (let round = 0; round < 40; round += 1) {
      for (let i = 0; i < 3; i += 1) {
        // Customers change places each round: each session is a new one, on a station that had another before.
        const started = await sessions.start(users[(i + round) % 3]!, stations[i]!);
        const byStation = await pricing.sessionMeter({ stationId: stations[i]!.id });
        expect(byStation?.sessionId).toBe(started.id);
        // The kiosk's GET /pricing/meter asks by session: the same kept meter, not another entry.
        expect((await pricing.sessionMeter({ sessionId: started.id }))?.sessionId).toBe(started.id);
        seen.add(started.id);
      }
      await t.clock.advance(MINUTE);
      for (const station of stations) {
        const running = await sessions.activeForStation(station.id);
        await sessions.end(running!.id, 'user_logout');
      }
      expect(pricing.metersKept).toBeLessThanOrEqual(3);
    }
    expect(seen.size).toBe(120);
    // Every session has ended: each station's next heartbeat finds none, and its meter is dropped.
    for (const station of stations) expect(await pricing.sessionMeter({ stationId: station.id })).toBeNull();
    expect(pricing.metersKept).toBe(0);
  });

  it('a new session at a station is never given the last session’s kept meter', async () => {
    const { db, context } = t.server;
    const sessions = context.sessions;
    await db.updateTable('users').set({ balance: 3000, require_balance_top_up: 0 }).where('username', 'in', ['ali', 'sara']).execute();
    const station = await db.selectFrom('stations').selectAll().where('id', '=', demoStationId(1)).executeTakeFirstOrThrow();
    const first = await sessions.start((await findUserByUsername(db, 'ali'))!, station);
    expect((await sessions.pricing.sessionMeter({ stationId: station.id }))?.sessionId).toBe(first.id);
    // Within the minute the last meter is kept for: another customer sits down at once.
    const second = await sessions.start((await findUserByUsername(db, 'sara'))!, station);
    const meter = await sessions.pricing.sessionMeter({ stationId: station.id });
    expect(meter?.sessionId).toBe(second.id);
    expect(sessions.pricing.metersKept).toBe(1);
  });
});
