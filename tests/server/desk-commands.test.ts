/**
 * Effects and receipts agree (issue 23): a desk command that fails starts
 * nothing, bills nothing and says why. "Unlock guest" on an offline PC used to
 * answer "failed — offline" on its receipt while a guest session started on
 * that PC (the room showed it, the audit said 200).
 */
import { describe, expect, it } from 'vitest';
import {
  adminCommand,
  adminSetStatus,
  adminUnlockGuest,
  auditLog,
  consoleReceipts,
  consoleRoom,
  RECEIPT_REASONS,
  type Receipt,
} from '../../src/shared/api/routes.js';
import { UNLOCK_ACK_TIMEOUT_MS } from '../../src/server/desk/room/service.js';
import { type ConsoleClient, deskConsole, ownerConsole } from '../support/console-client.js';
import { connectSocket, connectStation, station as stationQuery } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

const desk = () => deskConsole(t.url);

const owner = () => ownerConsole(t.url, t.clock.now());

async function receiptFor(c: ConsoleClient, stationId: string, state: Receipt['state']): Promise<Receipt> {
  const until = Date.now() + 3000;
  for (;;) {
    const listed = consoleReceipts.response.parse((await c.call(consoleReceipts)).body);
    const hit = listed.find((r) => r.stationId === stationId && r.state === state);
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no ${state} receipt for ${stationId}: ${JSON.stringify(listed)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sessionsOn = (stationId: string) =>
  t.server.db.selectFrom('client_sessions').selectAll().where('station_id', '=', stationId).execute();

describe('unlock guest', () => {
  it('on an offline PC: refused as offline, and nothing starts — no guest, no session, no audit 200', async () => {
    const c = await desk();
    const guestsBefore = await t.server.db.selectFrom('users').select('id').where('type', '=', 'guest').execute();
    const reply = await c.call(adminUnlockGuest, { params: { stationId: 'st-03' }, body: { minutes: 30 } });
    expect(reply.status).toBe(409);
    expect((reply.body as { message: string }).message).toBe(RECEIPT_REASONS.offline);
    expect(await sessionsOn('st-03')).toEqual([]);
    expect(await t.server.db.selectFrom('users').select('id').where('type', '=', 'guest').execute()).toEqual(guestsBefore);
    const room = consoleRoom.response.parse((await c.call(consoleRoom)).body);
    expect(room.find((s) => s.id === 'st-03')).toMatchObject({ status: 'available', currentSession: null });
    const receipt = await receiptFor(c, 'st-03', 'failed');
    expect(receipt.reason).toBe(RECEIPT_REASONS.offline);
    const audit = auditLog.response.parse((await (await owner()).call(auditLog, { query: 'station=st-03' })).body);
    expect(audit.map((a) => a.statusCode)).toEqual([409]);
  });

  it('refused by the station: the session it started ends at once, unbilled, and the receipt says the station’s words', async () => {
    const c = await desk();
    const station = await connectStation(t.url, 4);
    try {
      const reply = await c.call(adminUnlockGuest, { params: { stationId: 'st-04' }, body: { minutes: 30 } });
      expect(reply.status).toBe(200);
      const guest = (await station.next('guestUnlocked')) as { sessionId: string };
      station.socket.emit('station_unlock_ack', {
        sessionId: guest.sessionId,
        success: false,
        errorMessage: 'invalid unlock data',
        stationId: 'st-04',
        macAddress: '02:53:50:00:00:04',
        timestamp: new Date().toISOString(),
      });
      const receipt = await receiptFor(c, 'st-04', 'failed');
      expect(receipt.reason).toBe('refused: invalid unlock data');
      const [session] = await sessionsOn('st-04');
      expect(session).toMatchObject({ end_reason: 'unlock_failed', amount_charged: 0 });
      expect(session?.ended_at).not.toBeNull();
      const room = consoleRoom.response.parse((await c.call(consoleRoom)).body);
      expect(room.find((s) => s.id === 'st-04')).toMatchObject({ status: 'available', currentSession: null });
    } finally {
      station.close();
    }
  });

  it('not acknowledged in time: the session ends and the receipt reads timed out', async () => {
    const c = await desk();
    const station = await connectStation(t.url, 5);
    try {
      expect((await c.call(adminUnlockGuest, { params: { stationId: 'st-05' }, body: {} })).status).toBe(200);
      await receiptFor(c, 'st-05', 'delivered');
      t.clock.advance(UNLOCK_ACK_TIMEOUT_MS + 1);
      const receipt = await receiptFor(c, 'st-05', 'failed');
      expect(receipt.reason).toBe(RECEIPT_REASONS.timedOut);
      const [session] = await sessionsOn('st-05');
      expect(session).toMatchObject({ end_reason: 'unlock_failed', amount_charged: 0 });
    } finally {
      station.close();
    }
  });
});

describe('the other desk commands', () => {
  it('a command to an offline PC changes nothing and its receipt says offline; a status is kept for its return and says so', async () => {
    const c = await desk();
    const command = await c.call(adminCommand, { params: { stationId: 'st-06' }, body: { command: 'RESTART' } });
    expect(command.body).toMatchObject({ success: false });
    expect((await receiptFor(c, 'st-06', 'failed')).reason).toBe(RECEIPT_REASONS.offline);
    expect((await c.call(adminSetStatus, { params: { stationId: 'st-07' }, body: { status: 'maintenance' } })).status).toBe(200);
    expect((await receiptFor(c, 'st-07', 'sent')).reason).toBe(RECEIPT_REASONS.offlineLater);
    // When it comes back it is told, with staff's message.
    await c.call(adminSetStatus, { params: { stationId: 'st-07' }, body: { status: 'locked', message: 'Back at 6' } });
    const station = await connectSocket(t.url, { clientType: 'station', ...stationQuery(7), ipAddress: '192.168.1.50', stationName: 'PC-07', userId: '' });
    expect(await station.next('stationStatusChanged')).toEqual({ stationId: 'st-07', status: 'locked', stationNumber: 7, message: 'Back at 6' });
    station.close();
  });

  it('lock with a message: the station is told the status and the message apart; unlocking clears it', async () => {
    const c = await desk();
    const station = await connectStation(t.url, 2);
    try {
      const reply = await c.call(adminSetStatus, { params: { stationId: 'st-02' }, body: { status: 'locked', message: 'Please come to the desk' } });
      expect(reply.status).toBe(200);
      expect(await station.next('stationStatusChanged')).toEqual({ stationId: 'st-02', status: 'locked', stationNumber: 2, message: 'Please come to the desk' });
      expect((await receiptFor(c, 'st-02', 'done')).action).toBe('lock');
      await c.call(adminSetStatus, { params: { stationId: 'st-02' }, body: { status: 'available' } });
      expect(await station.next('stationStatusChanged')).toEqual({ stationId: 'st-02', status: 'available', stationNumber: 2 });
    } finally {
      station.close();
    }
  });
});
