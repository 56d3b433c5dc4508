/**
 * The console's Stations screen, server side (issue 22): the station list says which PCs are paired (and
 * follows a pairing and a revocation), and every owner change to a station — add, edit, pairing code, revoke —
 * gets a receipt (done, or failed with the server's refusal) with who did it; a desk member is refused.
 */
import { describe, expect, it } from 'vitest';
import {
  adminAddStation,
  adminEditStation,
  adminPairingCode,
  adminRevokeCredential,
  adminStations,
  consoleReceipts,
  stationEnrolmentExchange,
} from '../../src/shared/api/routes.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

async function receiptsFor(c: Awaited<ReturnType<typeof ownerConsole>>, stationId: string, count: number) {
  const until = Date.now() + 3000;
  for (;;) {
    const all = consoleReceipts.response.parse((await c.call(consoleReceipts)).body).filter((r) => r.stationId === stationId);
    if (all.length >= count || Date.now() > until) return all.reverse();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('stations in the console', () => {
  it('a new PC reads not paired, paired after its exchange, not paired after a revoke; each change has its receipt', async () => {
    const owner = await ownerConsole(t.url, t.clock.now());
    const list = async () => adminStations.response.parse((await owner.call(adminStations)).body).find((s) => s.id === 'st-new');

    expect((await owner.call(adminAddStation, { body: { stationId: 'st-new', number: 42 } })).status).toBe(200);
    expect(await list()).toMatchObject({ number: 42, paired: false, online: false, lastHeartbeatAt: null });

    const code = adminPairingCode.response.parse((await owner.call(adminPairingCode, { params: { stationId: 'st-new' } })).body);
    await ok(t.url, stationEnrolmentExchange, { body: { stationId: 'st-new', pairingCode: code.pairingCode } });
    expect((await list())?.paired).toBe(true);

    expect((await owner.call(adminEditStation, { params: { stationId: 'st-new' }, body: { name: 'Corner PC' } })).status).toBe(200);
    expect((await owner.call(adminRevokeCredential, { params: { stationId: 'st-new' } })).status).toBe(200);
    expect((await list())?.paired).toBe(false);

    const receipts = await receiptsFor(owner, 'st-new', 4);
    expect(receipts.map((r) => [r.action, r.state, r.by, r.stationNumber])).toEqual([
      ['add-station', 'done', 'owner', 42],
      ['pairing-code', 'done', 'owner', 42],
      ['edit-station', 'done', 'owner', 42],
      ['revoke-credential', 'done', 'owner', 42],
    ]);
    // The code itself is never on a receipt.
    expect(JSON.stringify(receipts)).not.toContain(code.pairingCode);
  });

  it('a refused change reads failed with the server’s reason', async () => {
    const owner = await ownerConsole(t.url, t.clock.now());
    const taken = await owner.call(adminEditStation, { params: { stationId: 'st-02' }, body: { number: 1 } });
    expect(taken.status).toBe(409);
    const [receipt] = await receiptsFor(owner, 'st-02', 1);
    expect(receipt).toMatchObject({ action: 'edit-station', state: 'failed', reason: 'refused: Number 1 is already station st-01.' });
  });

  it('a desk member cannot pair, revoke, add or move a station (owner only), and nothing changes', async () => {
    const desk = await deskConsole(t.url);
    const before = adminStations.response.parse((await desk.call(adminStations)).body);
    expect((await desk.call(adminPairingCode, { params: { stationId: 'st-01' } })).status).toBe(403);
    expect((await desk.call(adminRevokeCredential, { params: { stationId: 'st-01' } })).status).toBe(403);
    expect((await desk.call(adminAddStation, { body: { stationId: 'st-x', number: 77 } })).status).toBe(403);
    expect((await desk.call(adminEditStation, { params: { stationId: 'st-01' }, body: { group: null } })).status).toBe(403);
    const after = adminStations.response.parse((await desk.call(adminStations)).body);
    expect(after.map((s) => [s.id, s.paired, s.groupName])).toEqual(before.map((s) => [s.id, s.paired, s.groupName]));
    expect(after.find((s) => s.id === 'st-01')?.paired).toBe(true);
  });
});
