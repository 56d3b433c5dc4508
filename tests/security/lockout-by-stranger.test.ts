/**
 * Issue 22 item 9: "a stranger can spend a customer's redeem budget or a station's pairing budget to lock them out",
 * and "the console's /staff socket admits any loopback origin". Each attack below passed on the old code (the
 * stranger's guesses left the customer and the technician with 429; a loopback page of another port was admitted to
 * the staff channel with the desk's console cookie).
 */
import { io as connectIo } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN } from '../../src/server/authority/admin-gate.js';
import { STAFF_NAMESPACE } from '../../src/shared/socket/staff-events.js';
import { deskConsole } from '../support/console-client.js';
import { startServer, type TestServer } from '../server/support/harness.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A POST as the cafe's proxy names the caller (`from`): behind a trusted proxy each PC has its own address. */
async function post(path: string, from: string, body: unknown): Promise<number> {
  const res = await fetch(`${server!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return res.status;
}

const STRANGER = '10.0.0.66';

describe('a stranger cannot lock a customer or a station out by spending its budget', () => {
  it("guessing card codes for 'ali' from one PC holds back that PC, not ali at his own", async () => {
    server = await startServer({ trustProxy: ['127.0.0.1'], budgetScale: 1 });
    const guess = (i: number) => ({ username: 'ali', code: `RC-GUES-${String(i).padStart(4, '0')}-0000` });
    const stranger: number[] = [];
    for (let i = 0; i < 12; i++) stranger.push(await post('/prepaid-cards/redeem-with-username', STRANGER, guess(i)));
    expect(stranger.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(stranger.slice(10)).toEqual([429, 429]);
    // Ali types a code at his own PC: it is checked (a wrong one is refused as such), not refused for the stranger's guesses.
    expect(await post('/prepaid-cards/redeem-with-username', '10.0.0.7', guess(99))).toBe(400);
  }, 60_000);

  it("guessing pairing codes for st-05 from one address holds back that address, not the technician's", async () => {
    server = await startServer({ trustProxy: ['127.0.0.1'], budgetScale: 1 });
    const guess = { stationId: 'st-05', pairingCode: 'AAAA-AAAA' };
    const stranger: number[] = [];
    for (let i = 0; i < 6; i++) stranger.push(await post('/station-enrolment/exchange', STRANGER, guess));
    expect(stranger.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(stranger[5]).toBe(429);
    expect(await post('/station-enrolment/exchange', '10.0.0.5', guess)).toBe(401);
  }, 60_000);
});

describe("the staff channel admits only the console's own origin", () => {
  /** Opens /staff with the desk's console cookie from a page of `origin` (none: not a browser page); what happened. */
  async function open(cookie: string, origin?: string): Promise<string> {
    const socket = connectIo(`${server!.url}${STAFF_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: `sp_console=${cookie}`, ...(origin ? { origin } : {}) },
    });
    try {
      return await new Promise<string>((resolve) => {
        socket.on('connect', () => resolve('admitted'));
        socket.on('connect_error', (error) => resolve(error.message));
      });
    } finally {
      socket.close();
    }
  }

  it('a loopback page of another port, holding the console cookie, is refused; the console itself is admitted', async () => {
    server = await startServer();
    const desk = await deskConsole(server.url);
    const own = new URL(server.url);
    const otherPort = `${own.protocol}//${own.hostname}:${Number(own.port) === 65535 ? 1 : Number(own.port) + 1}`;
    expect(await open(desk.cookie!, otherPort)).toBe(FOREIGN_ORIGIN);
    expect(await open(desk.cookie!, 'http://localhost:5173')).toBe(FOREIGN_ORIGIN);
    expect(await open(desk.cookie!, own.origin)).toBe('admitted');
    // A tool that is not a browser page sends no Origin (the CLI, scripts).
    expect(await open(desk.cookie!)).toBe('admitted');
  }, 60_000);
});
