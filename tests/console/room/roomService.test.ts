/** The room: what a tile shows, what a lock sends, the selection, actions per station, receipts and holds. */
import { describe, expect, it } from 'vitest';
import { LOCK_MESSAGE_MAX, lockMessage, lockWords, receiptAction, RoomService, tileState } from '../../../src/console/room/roomService.js';
import { testCore } from '../support/fakes.js';
import { session, station } from '../support/room.js';

describe('tileState', () => {
  it('reads the legend a person expects', () => {
    expect(tileState(station({}))).toBe('available');
    expect(tileState(station({ currentSession: session, status: 'in_use' }))).toBe('in_use');
    expect(tileState(station({ online: false }))).toBe('offline');
    expect(tileState(station({ online: false, currentSession: session }))).toBe('lost');
    expect(tileState(station({ status: 'maintenance' }))).toBe('maintenance');
    expect(tileState(station({ status: 'reserved' }))).toBe('reserved');
    // A hold or maintenance shows even while the PC is off.
    expect(tileState(station({ status: 'reserved', online: false }))).toBe('reserved');
    // Our console's lock (with its message or without), and any status the SPEC does not name, block the screen.
    expect(tileState(station({ status: 'locked', statusMessage: 'Please come to the desk' }))).toBe('locked');
    expect(tileState(station({ status: 'locked', online: false }))).toBe('locked');
    expect(tileState(station({ status: 'closed for cleaning' }))).toBe('locked');
  });
});

describe('lockMessage', () => {
  it('sends staff’s words as a message of up to 200 characters (not a 32-character status), or refuses it', () => {
    expect(LOCK_MESSAGE_MAX).toBe(200);
    expect(lockMessage('  Please   come to the desk ')).toBe('Please come to the desk');
    const long = 'Closed for cleaning until six; your time is kept, ask at the desk for another PC';
    expect(long.length).toBeGreaterThan(32);
    expect(lockMessage(long)).toBe(long);
    expect(lockMessage('x'.repeat(LOCK_MESSAGE_MAX))).toHaveLength(LOCK_MESSAGE_MAX);
    expect(lockMessage('x'.repeat(LOCK_MESSAGE_MAX + 1))).toBeNull();
    expect(lockMessage('   ')).toBeNull();
    // A word that is also a status is only words now: it travels as the message, the status stays 'locked'.
    expect(lockMessage('Available')).toBe('Available');
  });

  it('the tile’s words: the lock’s message, else a status the SPEC does not name; a bare lock has none', () => {
    expect(lockWords({ status: 'locked', statusMessage: 'Please come to the desk' })).toBe('Please come to the desk');
    expect(lockWords({ status: 'locked', statusMessage: null })).toBeNull();
    expect(lockWords({ status: 'closed for cleaning' })).toBe('closed for cleaning');
    expect(lockWords({ status: 'maintenance' })).toBeNull();
  });

  it('a receipt’s lock reads with its message; a status the SPEC names does not read as a lock', () => {
    expect(receiptAction('lock', 'Please come to the desk')).toEqual({ lock: 'Please come to the desk' });
    expect(receiptAction('status:closed for cleaning')).toEqual({ lock: 'closed for cleaning' });
    expect(receiptAction('status:maintenance')).toBeNull();
    expect(receiptAction('status:locked')).toBeNull();
  });
});

describe('RoomService', () => {
  const busy = { sessionId: 'ses_9', username: 'ali', isGuest: false, startTime: '2026-11-27T00:00:00Z', remainingMinutes: 20 };
  async function started() {
    const t = testCore();
    t.server.on('GET /admin/console/room', [station({ id: 'st-01', number: 1 }), station({ id: 'st-02', number: 2, currentSession: busy, status: 'in_use' })]);
    t.server.on('GET /admin/console/receipts', []);
    t.server.on('GET /admin/holds', []);
    const room = new RoomService(t.core.http, t.socket);
    await room.start();
    return { ...t, room };
  }

  it('selects by click, Ctrl-click and select-all, and previews the live sessions an action would hit', async () => {
    const { room } = await started();
    room.selectOnly('st-01');
    room.toggle('st-02');
    expect(room.store.getState().selected).toEqual(['st-01', 'st-02']);
    expect(room.preview(room.store.getState().selected).map((s) => s.id)).toEqual(['st-02']);
    room.toggle('st-01');
    expect(room.store.getState().selected).toEqual(['st-02']);
    room.selectAll();
    expect(room.store.getState().selected).toHaveLength(2);
    room.clear();
    expect(room.store.getState().selected).toEqual([]);
    room.stop();
  });

  it('sends each action to each station through its admin route', async () => {
    const { room, server } = await started();
    server.on('POST /admin/stations/st-01/status', { success: true });
    server.on('POST /admin/stations/st-02/status', { success: true });
    server.on('POST /admin/sessions/ses_9/end', { success: true, message: 'ended' });
    // A lock: the status 'locked' with staff's words as its message (the kiosk shows them on a line of their own).
    await room.run(['st-01', 'st-02'], { kind: 'lock', message: 'Please come to the desk' });
    expect(server.requests.filter((r) => r.url.endsWith('/status')).map((r) => r.body)).toEqual([
      { status: 'locked', message: 'Please come to the desk' },
      { status: 'locked', message: 'Please come to the desk' },
    ]);
    // Unlocking the screen gives a station with a session back as in_use (available would end the session).
    await room.run(['st-01', 'st-02'], { kind: 'unlockScreen' });
    expect(server.requests.filter((r) => r.url.endsWith('/status')).slice(2).map((r) => `${r.url} ${(r.body as { status: string }).status}`)).toEqual([
      '/admin/stations/st-01/status available',
      '/admin/stations/st-02/status in_use',
    ]);
    // Ending: only the station with a session has one to end.
    await room.run(['st-01', 'st-02'], { kind: 'end' });
    expect(server.requests.filter((r) => r.url.includes('/sessions/')).map((r) => r.url)).toEqual(['/admin/sessions/ses_9/end']);
    expect(room.store.getState().error).toBeNull();
    room.stop();
  });

  it('shows the server’s words when one station refuses, and keeps the others going', async () => {
    const { room, server } = await started();
    server.on('POST /admin/stations/st-01/command', { success: true, timestamp: 'x' });
    server.on('POST /admin/stations/st-02/command', { statusCode: 409, error: 'Conflict', message: 'PC-02 is offline.' }, 409);
    await room.run(['st-01', 'st-02'], { kind: 'command', command: 'RESTART' });
    expect(server.requests.filter((r) => r.url.endsWith('/command'))).toHaveLength(2);
    expect(room.store.getState().error).toBe('PC-02 is offline.');
    room.stop();
  });

  it('keeps receipts live from the channel, newest first, one line per receipt', async () => {
    const { room, socket } = await started();
    const receipt = { id: 'r1', stationId: 'st-01', stationNumber: 1, action: 'RESTART', state: 'sent' as const, reason: null, by: 'desk', at: '2026-11-27T10:00:00Z' };
    socket.emit('commandReceipt', receipt);
    socket.emit('commandReceipt', { ...receipt, id: 'r2' });
    socket.emit('commandReceipt', { ...receipt, state: 'done' });
    expect(room.store.getState().receipts.map((r) => `${r.id}:${r.state}`)).toEqual(['r1:done', 'r2:sent']);
    room.stop();
    socket.emit('commandReceipt', { ...receipt, id: 'r3' });
    expect(room.store.getState().receipts).toHaveLength(2);
  });

  it('holds the selected stations from a local time to a local time, and releases a hold', async () => {
    const { room, server } = await started();
    server.on('POST /admin/holds', (body) => (body as { stationIds: string[] }).stationIds.map((stationId, i) => ({ id: `h${i}`, stationId, stationNumber: null, customer: null, label: 'LAN', startsAt: 'a', endsAt: 'b', createdBy: 'desk', state: 'upcoming' })));
    expect(await room.hold(['st-01'], { label: 'LAN', customer: ' ', from: '2026-11-27T18:00', to: '2026-11-27T20:00' })).toBe(true);
    const sent = server.requests.find((r) => r.method === 'POST' && r.url === '/admin/holds')?.body as Record<string, unknown>;
    expect(sent).toEqual({ stationIds: ['st-01'], label: 'LAN', startsAt: new Date('2026-11-27T18:00').toISOString(), endsAt: new Date('2026-11-27T20:00').toISOString() });
    server.on('POST /admin/holds/h0/release', { statusCode: 404, error: 'Not Found', message: 'No such hold.' }, 404);
    await room.release('h0');
    expect(room.store.getState().error).toBe('No such hold.');
    room.stop();
  });
});
