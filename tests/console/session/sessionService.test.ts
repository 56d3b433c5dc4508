/** Signing in to the console: password then code, CSRF from the session, the live channel with the working console, a 401 signs out. */
import { describe, expect, it } from 'vitest';
import { createSessionFeature } from '../../../src/console/session/index.js';
import { isOwner } from '../../../src/console/session/sessionStore.js';
import { consoleSession } from '../support/sessions.js';
import { testCore } from '../support/fakes.js';

function setup() {
  const t = testCore();
  const feature = createSessionFeature(t.core);
  feature.start();
  return { ...t, feature, service: feature.service, state: () => feature.service.store.getState() };
}

describe('session', () => {
  it('asks for the code after a right password, then signs in, sends the CSRF token and opens the live channel', async () => {
    const { server, service, state, socket } = setup();
    server.on('POST /admin/console/login', (body) => ((body as { totp?: string }).totp === '123456' ? { status: 'signed_in', session: consoleSession({ role: 'owner' }) } : { status: 'totp_required' }));
    await service.signIn('owner', 'owner1234');
    expect(state().status).toBe('code');
    expect(socket.connected).toBe(0);
    await service.submitCode('123456');
    expect(state().status).toBe('signed_in');
    expect(isOwner(state())).toBe(true);
    // The code went with the same password.
    expect(server.requests[1]?.body).toEqual({ username: 'owner', password: 'owner1234', totp: '123456' });
    expect(socket.link.getState().connected).toBe(true);
    server.on('POST /admin/console/logout', { success: true });
    await service.signOut();
    expect(server.requests.at(-1)?.headers['x-csrf-token']).toBe('csrf-1');
    expect(state().status).toBe('signed_out');
    expect(socket.link.getState().connected).toBe(false);
  });

  it('a wrong password shows the server’s words and stays signed out', async () => {
    const { server, service, state } = setup();
    server.on('POST /admin/console/login', { statusCode: 401, error: 'Unauthorized', message: 'Wrong username or password.' }, 401);
    await service.restore();
    await service.signIn('desk', 'nope');
    expect(state()).toMatchObject({ status: 'signed_out', error: 'Wrong username or password.', busy: false });
  });

  it('an owner who must enrol an authenticator is signed in but the live channel stays shut until the code is confirmed', async () => {
    const { server, service, state, socket } = setup();
    server.on('GET /admin/console/session', consoleSession({ role: 'owner', mustEnrolTotp: true }));
    await service.restore();
    expect(state().status).toBe('signed_in');
    expect(socket.connected).toBe(0);
    server.on('POST /admin/console/totp/setup', { secret: 'S', qrDataUrl: 'data:', otpauthUrl: 'otpauth://x' });
    await service.startEnrolment('ABCDE-FGHJK');
    expect(state().enrolment).toEqual({ secret: 'S', qrDataUrl: 'data:' });
    // The owner's one-time set-up code goes with the request (issue 22).
    expect(server.requests.find((r) => r.url.endsWith('/admin/console/totp/setup'))?.body).toEqual({ setupCode: 'ABCDE-FGHJK' });
    server.on('POST /admin/console/totp/confirm', { success: true });
    server.on('GET /admin/console/session', consoleSession({ role: 'owner' }));
    await service.confirmEnrolment('123456');
    expect(state().enrolment).toBeNull();
    expect(socket.connected).toBe(1);
  });

  it('a 401 on any admin call (the session ended elsewhere) signs the console out and closes the channel', async () => {
    const { server, service, state, socket, core } = setup();
    server.on('GET /admin/console/session', consoleSession());
    await service.restore();
    expect(socket.link.getState().connected).toBe(true);
    server.on('GET /admin/shifts', { statusCode: 401, error: 'Unauthorized', message: 'Your console session has ended: sign in again.' }, 401);
    const { shiftList } = await import('../../../src/shared/api/console.js');
    await expect(core.http.call(shiftList)).rejects.toThrow('sign in again');
    expect(state().status).toBe('signed_out');
    expect(socket.link.getState().connected).toBe(false);
  });

  it('restoring without a session shows the sign-in', async () => {
    const { service, state } = setup();
    await service.restore();
    expect(state().status).toBe('signed_out');
  });
});
