/**
 * The shift under fire across two `npm run server` processes on one
 * PostgreSQL database (issue 21; node-pg only, on SQLite there is one node):
 * customers play on node 1 at a compressed clock (60×), staff move money on
 * both nodes at once, node 1 is killed with kill -9 in the middle and started
 * again. Afterwards every ledger sums to its balance, each session's charges
 * are its ledger lines, and no millisecond was billed twice or skipped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.js';
import { demoMac } from '../../src/server/seed/demo.js';
import { owedFor } from '../../src/server/sessions/billing.js';
import { verifyLedger } from '../../src/server/wallet/service.js';
import { freshDatabaseUrl, testingOnPostgres } from '../support/postgres.js';
import * as processes from '../support/processes.js';

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Waits for a condition of the shared database (never for a length of time). */
async function until(check: () => Promise<boolean>, what: string, attempts = 200): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe.skipIf(!testingOnPostgres())('two server processes, one killed with kill -9', () => {
  it('loses no money and bills no time twice', async () => {
    const dbPath = await freshDatabaseUrl();
    const env = { SPAWNPOINT_DATA_DIR: mkdtempSync(join(tmpdir(), 'spawnpoint-fire-nodes-')) };
    // One cafe, one time: both nodes run the same fast clock from the same origin.
    const clockArgs = { clockSpeed: 60, args: ['--clock-origin', String(Date.now())], dbPath, env };
    let first = await processes.startServer(clockArgs);
    const second = await processes.startServer(clockArgs);
    const db = openDatabase(dbPath);
    try {
      const sessionsBilledPast = async (iso: string) => {
        const rows = await db.selectFrom('client_sessions').select('last_billed_at').where('ended_at', 'is', null).execute();
        return rows.length === 2 && rows.every((r) => r.last_billed_at > iso);
      };
      const players: [string, string, number][] = [
        ['ali', 'ali12345', 1],
        ['sara', 'sara12345', 2],
      ];
      for (const [username, password, n] of players) {
        const credential = await processes.stationCredential(first.url, n);
        const signed = await post(first.url, '/auth/client/login', { username, password, macAddress: demoMac(n) }, { 'x-station-credential': credential });
        expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      }
      const topUps = async () => {
        const tokens = await Promise.all([processes.adminToken(first.url), processes.adminToken(second.url)]);
        const replies = await Promise.all(
          [first.url, second.url, first.url, second.url].map((url, i) =>
            post(url, `/admin/users/${i % 2 ? 'ali' : 'sara'}/balance`, { amount: 250 + i }, { authorization: `Bearer ${tokens[i % 2]}` }),
          ),
        );
        expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      };
      await topUps();
      // A few clock minutes billed, then node 1 dies without closing anything.
      const before = new Date(Date.now() + 60_000).toISOString();
      await until(() => sessionsBilledPast(before), 'billing before the kill');
      await processes.killHard(first);
      // The survivor bills the next minutes (the sessions' last charge moves on past the death).
      const killedAt = (await db.selectFrom('client_sessions').select((eb) => eb.fn.max('last_billed_at').as('at')).executeTakeFirstOrThrow()).at!;
      const later = new Date(Date.parse(killedAt) + 3 * 60_000).toISOString();
      await until(() => sessionsBilledPast(later), 'the survivor billing after the kill');
      first = await processes.startServer(clockArgs);
      await topUps();
      const token = await processes.adminToken(first.url);
      for (const s of await db.selectFrom('client_sessions').select('id').where('ended_at', 'is', null).execute()) {
        expect((await post(first.url, `/admin/sessions/${s.id}/end`, {}, { authorization: `Bearer ${token}` })).status).toBe(200);
      }

      expect((await verifyLedger(db)).mismatches).toEqual([]);
      const sessions = await db.selectFrom('client_sessions').selectAll().execute();
      expect(sessions).toHaveLength(2);
      for (const s of sessions) {
        const lines = await db.selectFrom('balance_ledger').select('amount').where('session_id', '=', s.id).execute();
        expect(lines.reduce((n, l) => n - l.amount, 0)).toBe(s.amount_charged);
        expect(s.billed_ms).toBe(Date.parse(s.ended_at!) - Date.parse(s.started_at));
        expect(s.amount_charged).toBe(owedFor(s.hourly_rate, s.billed_ms, true));
        // More than the minutes around the kill were billed: the survivor carried on.
        expect(s.billed_ms).toBeGreaterThan(4 * 60_000);
      }
    } finally {
      await db.destroy();
      await Promise.all([first.stop(), second.stop()]);
      rmSync(env.SPAWNPOINT_DATA_DIR, { recursive: true, force: true });
    }
  }, 120_000);
});
