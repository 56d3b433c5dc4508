import { describe, expect, it } from 'vitest';
import {
  adminAcknowledgeServiceCall,
  adminResolveServiceCall,
  adminServiceCalls,
  serviceCallClient,
  serviceCallGuest,
  serviceCallSchema,
} from '../../src/shared/api/routes.js';
import { SERVICE_CALL_COOLDOWN_MS } from '../../src/shared/constants.js';
import { api, fail, login, ok, settle, stationCredential } from './support/harness.js';
import { useServer } from './support/server.js';
import { connectStaff, customerAt, eventually, guestAt } from './store-fixtures.js';

const t = useServer({ admin: true });

const storedCalls = () => t.server.db.selectFrom('service_calls').selectAll().orderBy('id').execute();

describe('POST /service-calls/client and /guest', () => {
  it('stores the call with the station and user of the session, not of the body', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const answer = await ok(t.url, serviceCallClient, {
      body: { type: 'waiter', stationId: 'st-01', message: '  A cola please  ' },
      token: ali.token,
    });
    expect(answer.success).toBe(true);
    const [call] = await storedCalls();
    expect(call).toMatchObject({
      type: 'waiter',
      station_id: 'st-01',
      user_id: ali.userId,
      session_id: ali.sessionId,
      is_guest: 0,
      message: 'A cola please',
      status: 'open',
    });
  });

  it('refuses a stationId that is not the session\'s station, and a call from another enrolled PC; stores nothing', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const body = { type: 'technical', stationId: 'st-02', message: '' } as const;
    const fromOwnPc = await fail(t.url, serviceCallClient, { body, token: ali.token, credential: stationCredential(t.url, 1) });
    expect(fromOwnPc).toMatchObject({ statusCode: 403, message: 'Your session is at station st-01: you can only call from there.' });
    const fromOtherPc = await fail(t.url, serviceCallClient, { body, token: ali.token, credential: stationCredential(t.url, 2) });
    expect(fromOtherPc).toMatchObject({ statusCode: 403, message: 'This PC is st-02, but the session is at st-01.' });
    expect(await storedCalls()).toEqual([]);
  });

  it('keeps guests on the guest route and customers on the client route', async () => {
    const guest = await guestAt(t.url, t.admin, 2);
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    expect(await fail(t.url, serviceCallClient, { body: { type: 'waiter', stationId: 'st-02', message: '' }, token: guest.token })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, serviceCallGuest, { body: { type: 'waiter', stationId: 'st-01', message: '' }, token: ali.token })).toMatchObject({ statusCode: 403 });
    expect(await storedCalls()).toEqual([]);

    await ok(t.url, serviceCallGuest, { body: { type: 'technical', stationId: 'st-02', message: 'Mouse is dead' }, token: guest.token });
    expect(await storedCalls()).toMatchObject([{ station_id: 'st-02', user_id: guest.userId, is_guest: 1, type: 'technical' }]);
  });

  it('refuses a login without a station session (the admin token) and a signed-out caller', async () => {
    expect(await fail(t.url, serviceCallClient, { body: { type: 'waiter', stationId: 'st-01', message: '' }, token: t.admin })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, serviceCallClient, { body: { type: 'waiter', stationId: 'st-01', message: '' } })).toMatchObject({ statusCode: 401 });
    expect(await storedCalls()).toEqual([]);
  });

  it('bounds the message and the type', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const long = await fail(t.url, serviceCallClient, { body: { type: 'waiter', stationId: 'st-01', message: 'x'.repeat(501) }, token: ali.token });
    expect(long.statusCode).toBe(400);
    expect(long.message).toMatch(/message/);
    const badType = await fail(t.url, serviceCallClient, { body: { type: 'manager', stationId: 'st-01', message: '' }, token: ali.token });
    expect(badType.statusCode).toBe(400);
    expect(await storedCalls()).toEqual([]);
  });
});

describe('cooldown (5 minutes per type, per station and per user)', () => {
  it('answers 429 with the seconds left, in the message, the body and Retry-After', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const body = { type: 'waiter', stationId: 'st-01', message: '' } as const;
    await ok(t.url, serviceCallClient, { body, token: ali.token });

    await t.clock.advance(60_000 + 500); // 3 min 59.5 s left → 240 s (rounded up)
    const res = await fetch(`${t.url}/service-calls/client`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ali.token}` },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('240');
    expect(await res.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'You already called the cafe service. Please wait 240 seconds before calling again.',
      retryAfterSeconds: 240,
    });

    // The other type has its own cooldown.
    await ok(t.url, serviceCallClient, { body: { ...body, type: 'technical' }, token: ali.token });

    await t.clock.advance(SERVICE_CALL_COOLDOWN_MS - 60_000 - 500 - 1000); // 1 s left
    expect(await fail(t.url, serviceCallClient, { body, token: ali.token })).toMatchObject({
      statusCode: 429,
      message: 'You already called the cafe service. Please wait 1 second before calling again.',
    });
    await t.clock.advance(1000);
    await ok(t.url, serviceCallClient, { body, token: ali.token });
    expect((await storedCalls()).map((c) => c.type)).toEqual(['waiter', 'technical', 'waiter']);
  });

  it('follows the station (the next customer at that PC) and the user (the same customer at another PC)', async () => {
    const first = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, serviceCallClient, { body: { type: 'technical', stationId: 'st-01', message: '' }, token: first.token });

    first.socket.close();
    await settle();
    const sara = await customerAt(t.url, 1, 'sara', 'sara12345'); // sara sits down at st-01 next
    const atStation = await fail(t.url, serviceCallClient, { body: { type: 'technical', stationId: 'st-01', message: '' }, token: sara.token });
    expect(atStation).toMatchObject({ statusCode: 429, message: 'You already called technical support. Please wait 300 seconds before calling again.' });

    const moved = await login(t.url, 'ali', 'ali12345', 3); // ali moves to st-03
    expect(await fail(t.url, serviceCallClient, { body: { type: 'technical', stationId: 'st-03', message: '' }, token: moved.accessToken })).toMatchObject({
      statusCode: 429,
    });
    expect(await storedCalls()).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous calls through', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const send = () =>
      api(t.url, 'POST', '/service-calls/client', { body: { type: 'waiter', stationId: 'st-01', message: '' }, token: ali.token });
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 429, 429]);
    expect(await storedCalls()).toHaveLength(1);
  });
});

describe('staff side', () => {
  it('lists, acknowledges and resolves calls; a call is taken only once', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, serviceCallClient, { body: { type: 'waiter', stationId: 'st-01', message: 'Water' }, token: ali.token });
    const [listed] = await ok(t.url, adminServiceCalls, { token: t.admin });
    expect(listed).toMatchObject({ type: 'waiter', stationId: 'st-01', stationNumber: 1, username: 'ali', isGuest: false, message: 'Water', status: 'open' });
    const id = listed?.id ?? 0;

    const acked = await ok(t.url, adminAcknowledgeServiceCall, { params: { id }, token: t.admin });
    expect(acked).toMatchObject({ status: 'acknowledged', acknowledgedBy: 'admin' });
    expect(await fail(t.url, adminAcknowledgeServiceCall, { params: { id }, token: t.admin })).toMatchObject({
      statusCode: 409,
      message: `Service call #${id} is already acknowledged by admin.`,
    });
    expect(await ok(t.url, adminResolveServiceCall, { params: { id }, token: t.admin })).toMatchObject({ status: 'resolved', resolvedBy: 'admin' });
    expect(await fail(t.url, adminResolveServiceCall, { params: { id }, token: t.admin })).toMatchObject({ statusCode: 409 });

    expect(await ok(t.url, adminServiceCalls, { token: t.admin })).toEqual([]); // default: not resolved
    expect(await ok(t.url, adminServiceCalls, { query: { status: 'all' }, token: t.admin })).toHaveLength(1);
    expect(await fail(t.url, adminAcknowledgeServiceCall, { params: { id: 999 }, token: t.admin })).toMatchObject({ statusCode: 404 });
    expect(await fail(t.url, adminServiceCalls, { token: ali.token })).toMatchObject({ statusCode: 403 });
  });

  it('tells staff tools on /staff about each call and change; customers cannot listen', async () => {
    const staff = await connectStaff(t.url, t.admin);
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    await ok(t.url, serviceCallClient, { body: { type: 'technical', stationId: 'st-01', message: 'No sound' }, token: ali.token });
    const created = await eventually(() => staff.received.find((r) => r.event === 'serviceCallCreated'));
    const call = serviceCallSchema.parse(created.payload);
    expect(call).toMatchObject({ type: 'technical', stationId: 'st-01', username: 'ali', message: 'No sound', status: 'open' });
    await ok(t.url, adminAcknowledgeServiceCall, { params: { id: call.id }, token: t.admin });
    const updated = await eventually(() => staff.received.find((r) => r.event === 'serviceCallUpdated'));
    expect(serviceCallSchema.parse(updated.payload)).toMatchObject({ id: call.id, status: 'acknowledged' });
    staff.socket.close();

    await expect(connectStaff(t.url, ali.token)).rejects.toThrow(/admin or staff/);
    await expect(connectStaff(t.url, undefined)).rejects.toThrow(/token/);
    await expect(connectStaff(t.url, 'not-a-token')).rejects.toThrow(/token/);
    // A station socket hears nothing of it.
    await settle();
    expect(ali.socket.received.map((r) => r.event)).not.toContain('serviceCallCreated');
  });
});
