import { describe, expect, it } from 'vitest';
import {
  adminCommand,
  adminEndSession,
  adminSetStatus,
  adminStations,
  adminUnlockGuest,
  currentClientSession,
  getProfile,
} from '../../src/shared/api/routes.js';
import { guestUnlockSchema } from '../../src/shared/socket/events.js';
import { connectStation, fail, login, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const MINUTE = 60_000;

describe('unlock-guest', () => {
  it('creates a guest session and sends the station a guestUnlocked whose token works', async () => {
    const socket = await connectStation(t.url, 4);
    const answer = await ok(t.url, adminUnlockGuest, { params: { stationId: 'st-04' }, body: { minutes: 30 }, token: t.admin });
    expect(answer.username).toMatch(/^guest_[0-9a-f]{4}$/);

    const unlocked = guestUnlockSchema.parse(await socket.next('guestUnlocked'));
    expect(unlocked).toMatchObject({
      sessionId: answer.sessionId,
      stationId: 'st-04',
      stationNumber: 4,
      guestUsername: answer.username,
      remainingMinutes: 30,
    });
    expect(await socket.next('stationStatusChanged')).toEqual({ stationId: 'st-04', status: 'in_use', stationNumber: 4 });

    const profile = await ok(t.url, getProfile, { token: unlocked.token });
    expect(profile).toMatchObject({ username: answer.username, isGuest: true, type: 'guest', sessionId: answer.sessionId, stationNumber: 4, tier: null });
    expect(await ok(t.url, currentClientSession, { params: { userId: profile.id }, token: unlocked.token })).toMatchObject({
      isPrepaid: true,
      remainingMinutes: 30,
    });
    socket.close();
  });

  it('answers 409 while the station has an active session, 404 for an unknown station', async () => {
    await login(t.url, 'ali', 'ali12345', 4);
    expect(await fail(t.url, adminUnlockGuest, { params: { stationId: 'st-04' }, token: t.admin })).toMatchObject({ statusCode: 409 });
    expect(await fail(t.url, adminUnlockGuest, { params: { stationId: 'st-77' }, token: t.admin })).toMatchObject({ statusCode: 404 });
    const guests = await t.server.db.selectFrom('users').select('id').where('type', '=', 'guest').execute();
    expect(guests).toEqual([]);
  });

  it('counts prepaid guest minutes down and ends the session at zero', async () => {
    const socket = await connectStation(t.url, 2);
    const { sessionId } = await ok(t.url, adminUnlockGuest, { params: { stationId: 'st-02' }, body: { minutes: 2 }, token: t.admin });
    // The PC acknowledges the unlock, as a station does: one that never does has its session undone once the
    // acknowledgement's time is up (desk-commands.test.ts), which a minute on the clock passes.
    socket.socket.emit('station_unlock_ack', { sessionId, success: true, stationId: 'st-02', macAddress: '02:53:50:00:00:02', timestamp: Date.now() });
    await expect.poll(() => t.server.db.selectFrom('guest_unlock_acks').select('success').where('session_id', '=', String(sessionId)).execute()).toEqual([{ success: 1 }]);
    await t.clock.advance(MINUTE);
    expect(await socket.next('sessionBalanceUpdate')).toMatchObject({ sessionId, remainingMinutes: 1, totalUsableBalance: 0 });
    await t.clock.advance(MINUTE);
    expect(await socket.next('sessionBalanceUpdate')).toMatchObject({ remainingMinutes: 0 });
    expect(await socket.next('sessionEnded')).toMatchObject({ sessionId, reason: 'balance_exhausted' });
    socket.close();
  });

  it('keeps an open guest session (no minutes) running with remainingMinutes null', async () => {
    const socket = await connectStation(t.url, 3);
    const { sessionId } = await ok(t.url, adminUnlockGuest, { params: { stationId: 'st-03' }, token: t.admin });
    expect(guestUnlockSchema.parse(await socket.next('guestUnlocked')).remainingMinutes).toBeNull();
    // The PC acknowledges the unlock, as a station does (one that never does has its session undone: desk-commands.test.ts).
    socket.socket.emit('station_unlock_ack', { sessionId, success: true, stationId: 'st-03', macAddress: '02:53:50:00:00:03', timestamp: Date.now() });
    await expect.poll(() => t.server.db.selectFrom('guest_unlock_acks').select('success').where('session_id', '=', String(sessionId)).execute()).toEqual([{ success: 1 }]);
    await t.clock.advance(90 * MINUTE);
    expect((await socket.next('sessionBalanceUpdate')).remainingMinutes).toBeNull();
    expect(socket.count('sessionEnded')).toBe(0);
    const st3 = (await ok(t.url, adminStations, { token: t.admin })).find((s) => s.id === 'st-03');
    expect(st3?.currentSession).toMatchObject({ isGuest: true, remainingMinutes: null });
    socket.close();
  });

  it('records the station\'s unlock acknowledgement', async () => {
    const socket = await connectStation(t.url, 8);
    const { sessionId } = await ok(t.url, adminUnlockGuest, { params: { stationId: 'st-08' }, token: t.admin });
    socket.socket.emit('station_unlock_ack', { sessionId, success: false, errorMessage: 'Failed to process guest unlock', stationId: 'st-08', macAddress: '02:53:50:00:00:08', timestamp: Date.now() });
    await expect.poll(() => t.server.db.selectFrom('guest_unlock_acks').selectAll().execute()).toEqual([
      expect.objectContaining({ session_id: sessionId, station_id: 'st-08', success: 0, error_message: 'Failed to process guest unlock' }),
    ]);
    // The server answers the acknowledgement (guestUnlockAck): the station refused, so it does not hold.
    expect(await socket.next('guestUnlockAck')).toMatchObject({ sessionId, success: false, stationId: 'st-08' });
    socket.close();
  });

  it('answers a good unlock acknowledgement with guestUnlockAck success, and one for an ended session with a refusal (issue 24)', async () => {
    const socket = await connectStation(t.url, 6);
    const first = await ok(t.url, adminUnlockGuest, { params: { stationId: 'st-06' }, token: t.admin });
    const ack = { success: true, stationId: 'st-06', macAddress: '02:53:50:00:00:06', timestamp: Date.now() };
    socket.socket.emit('station_unlock_ack', { ...ack, sessionId: first.sessionId });
    expect(await socket.next('guestUnlockAck')).toMatchObject({ sessionId: first.sessionId, success: true, stationId: 'st-06' });

    // Staff end the session before the station's acknowledgement of the next one arrives.
    await ok(t.url, adminSetStatus, { params: { stationId: 'st-06' }, body: { status: 'available' }, token: t.admin });
    const second = await ok(t.url, adminUnlockGuest, { params: { stationId: 'st-06' }, token: t.admin });
    await ok(t.url, adminSetStatus, { params: { stationId: 'st-06' }, body: { status: 'available' }, token: t.admin });
    socket.socket.emit('station_unlock_ack', { ...ack, sessionId: second.sessionId });
    expect(await socket.next('guestUnlockAck')).toMatchObject({ sessionId: second.sessionId, success: false, errorMessage: 'This guest session is no longer active.' });
    socket.close();
  });
});

describe('set-status', () => {
  it('persists the status and tells the station', async () => {
    const socket = await connectStation(t.url, 5);
    await ok(t.url, adminSetStatus, { params: { stationId: 'st-05' }, body: { status: 'maintenance' }, token: t.admin });
    expect(await socket.next('stationStatusChanged')).toEqual({ stationId: 'st-05', status: 'maintenance', stationNumber: 5 });
    const st5 = (await ok(t.url, adminStations, { token: t.admin })).find((s) => s.id === 'st-05');
    expect(st5?.status).toBe('maintenance');
    socket.close();
  });

  it('setting available ends the active session with ended_by_staff', async () => {
    const socket = await connectStation(t.url, 1);
    const ali = await login(t.url, 'ali', 'ali12345', 1);
    await ok(t.url, adminSetStatus, { params: { stationId: 'st-01' }, body: { status: 'available' }, token: t.admin });
    expect(await socket.next('sessionEnded')).toEqual({ sessionId: ali.sessionId, stationId: 'st-01', userId: ali.user.id, reason: 'ended_by_staff' });
    expect(await socket.next('stationStatusChanged', (p) => p.status === 'available')).toBeTruthy();
    await settle();
    // The connection greeting, in_use at login, available now: no duplicate.
    expect(socket.count('stationStatusChanged')).toBe(3);
    socket.close();
  });
});

describe('station commands', () => {
  it('emits stationCommand with an ISO timestamp and logs it', async () => {
    const socket = await connectStation(t.url, 7);
    const answer = await ok(t.url, adminCommand, { params: { stationId: 'st-07' }, body: { command: 'RESTART_PC' }, token: t.admin });
    expect(answer.success).toBe(true);
    const command = await socket.next('stationCommand');
    expect(command).toEqual({ command: 'RESTART_PC', stationId: 'st-07', timestamp: answer.timestamp });
    expect(new Date(String(command.timestamp)).toISOString()).toBe(command.timestamp);

    await ok(t.url, adminCommand, { params: { stationId: 'st-07' }, body: { command: 'RENAME_PC', newName: 'VIP-SEVEN' }, token: t.admin });
    expect(await socket.next('stationCommand')).toMatchObject({ command: 'RENAME_PC', newName: 'VIP-SEVEN' });
    const log = await t.server.db.selectFrom('station_commands').selectAll().orderBy('issued_at').execute();
    expect(log.map((c) => [c.command, c.new_name, c.issued_by, c.delivered])).toEqual([
      ['RESTART_PC', null, 'admin', 1],
      ['RENAME_PC', 'VIP-SEVEN', 'admin', 1],
    ]);
    socket.close();
  });

  it('resends a command unchanged when given its timestamp (the station runs it once)', async () => {
    const socket = await connectStation(t.url, 7);
    const first = await ok(t.url, adminCommand, { params: { stationId: 'st-07' }, body: { command: 'OPEN_TASK_MANAGER' }, token: t.admin });
    const again = await ok(t.url, adminCommand, {
      params: { stationId: 'st-07' },
      body: { command: 'OPEN_TASK_MANAGER', timestamp: first.timestamp },
      token: t.admin,
    });
    expect(again.timestamp).toBe(first.timestamp);
    const a = await socket.next('stationCommand');
    const b = await socket.next('stationCommand');
    expect(b).toEqual(a);
    socket.close();
  });

  it('RENAME_PC without a name is 400; a command to an offline station is logged but not delivered', async () => {
    expect(await fail(t.url, adminCommand, { params: { stationId: 'st-07' }, body: { command: 'RENAME_PC' }, token: t.admin })).toMatchObject({ statusCode: 400 });
    expect(await fail(t.url, adminCommand, { params: { stationId: 'st-07' }, body: { command: 'RENAME_PC', newName: '   ' }, token: t.admin })).toMatchObject({ statusCode: 400 });
    const offline = await ok(t.url, adminCommand, { params: { stationId: 'st-03' }, body: { command: 'SHUTDOWN_PC' }, token: t.admin });
    expect(offline.success).toBe(false);
    const log = await t.server.db.selectFrom('station_commands').select(['command', 'delivered']).execute();
    expect(log).toEqual([{ command: 'SHUTDOWN_PC', delivered: 0 }]);
  });
});

describe('end-session', () => {
  it('ends a session with ended_by_staff, then 409; unknown is 404', async () => {
    const socket = await connectStation(t.url, 6);
    const sara = await login(t.url, 'sara', 'sara12345', 6);
    await ok(t.url, adminEndSession, { params: { sessionId: sara.sessionId }, token: t.admin });
    expect(await socket.next('sessionEnded')).toMatchObject({ sessionId: sara.sessionId, reason: 'ended_by_staff' });
    expect(await socket.next('stationStatusChanged', (p) => p.status === 'available')).toBeTruthy();
    expect(await fail(t.url, adminEndSession, { params: { sessionId: sara.sessionId }, token: t.admin })).toMatchObject({ statusCode: 409 });
    expect(await fail(t.url, adminEndSession, { params: { sessionId: 'ses_nope' }, token: t.admin })).toMatchObject({ statusCode: 404 });
    socket.close();
  });
});

describe('GET /admin/stations', () => {
  it('shows a station online while its socket is connected', async () => {
    const online = async () => (await ok(t.url, adminStations, { token: t.admin })).find((s) => s.id === 'st-08')?.online;
    expect(await online()).toBe(false);
    const socket = await connectStation(t.url, 8);
    expect(await online()).toBe(true);
    socket.close();
    await expect.poll(online).toBe(false);
  });
});
