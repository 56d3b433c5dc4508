/**
 * Issue 22, item 9: whoever held an un-enrolled owner's password could put
 * their own authenticator on the account (the console's enrolment asked for
 * nothing more), and `/admin/login` handed that owner a bearer token with no
 * second factor at all. Now an owner without an authenticator gets no admin
 * token, and its enrolment needs a one-time set-up code that another owner
 * issued (console, Staff) or that the server machine printed
 * (`npm run cafe -- init-owner --enrol NAME`, with the database); the code
 * works once.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ENROL_FIRST } from '../../src/server/staff/service.js';
import { ENROLMENT_CODE_NEEDED, ENROLMENT_CODE_WRONG } from '../../src/server/authority/enrolment-codes.js';
import { ConsoleClient } from '../support/console-client.js';
import { adminToken, call, messageOf, startCafe, type Cafe } from './support.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const SETUP = { method: 'POST', path: '/admin/console/totp/setup' } as const;
const CONFIRM = { method: 'POST', path: '/admin/console/totp/confirm' } as const;

let cafe: Cafe;
let admin: string;

beforeAll(async () => {
  cafe = await startCafe();
  admin = await adminToken(cafe.url);
  // Two more owners, made by the demo owner, neither with an authenticator yet.
  for (const username of ['second', 'third']) {
    const made = await call(cafe.url, 'POST', '/admin/staff', { token: admin, body: { username, password: `${username}-owner-pass`, role: 'owner' } });
    expect(made.status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await cafe?.stop();
});

const totpRows = (username: string) =>
  cafe.sql.prepare('select t.enabled_at from staff_totp t join users u on u.id = t.user_id where u.username = ?').all(username) as { enabled_at: string | null }[];

function initOwnerEnrol(username: string): Promise<{ code: number; output: string }> {
  const child = spawn(TSX, ['src/server/cli/cafe.ts', 'init-owner', '--enrol', username, '--db', cafe.dbPath], {
    cwd: ROOT,
    env: { ...process.env, SPAWNPOINT_DATA_DIR: cafe.dataDir, FORCE_COLOR: '0' },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, output })));
}

/** The owner's console session, signed in with the password only (an un-enrolled owner may only enrol). */
async function consoleOf(username: string): Promise<ConsoleClient> {
  const c = new ConsoleClient(cafe.url);
  expect((await c.signIn(username, `${username}-owner-pass`)).status).toBe(200);
  return c;
}

describe('attack: an un-enrolled owner’s password is enough for owner power', () => {
  it('/admin/login gives an owner without an authenticator no token, and says why (audited)', async () => {
    const login = await call(cafe.url, 'POST', '/admin/login', { body: { username: 'second', password: 'second-owner-pass' } });
    expect(login.status).toBe(403);
    expect(messageOf(login)).toBe(OWNER_ENROL_FIRST);
    expect((login.body as { accessToken?: string }).accessToken).toBeUndefined();
    const lines = cafe.sql.prepare("select status_code from audit_log where action = 'admin.login' and staff_username = 'second'").all();
    expect(lines).toEqual([{ status_code: 403 }]);
  });

  it('the password alone cannot enrol an authenticator: no code, or a made-up one, is refused and nothing is written', async () => {
    const thief = await consoleOf('second');
    const none = await thief.call(SETUP, { body: {} });
    expect(none.status).toBe(403);
    expect((none.body as { message: string }).message).toBe(ENROLMENT_CODE_NEEDED);
    const guessed = await thief.call(SETUP, { body: { setupCode: 'ABCDE-FGHJK' } });
    expect(guessed.status).toBe(403);
    expect((guessed.body as { message: string }).message).toBe(ENROLMENT_CODE_WRONG);
    expect(totpRows('second')).toEqual([]);
  });

  it('another owner’s one-time code enrols it, once; then the owner signs in with the code and gets a token', async () => {
    const issued = await call(cafe.url, 'POST', '/admin/staff/second/totp/setup-code', { token: admin });
    expect(issued.status).toBe(200);
    const { code } = issued.body as { code: string };
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Only its hash is kept.
    expect(JSON.stringify(cafe.sql.prepare('select * from staff_enrolment_codes').all())).not.toContain(code);

    const owner = await consoleOf('second');
    const setup = await owner.call(SETUP, { body: { setupCode: code.toLowerCase() } });
    expect(setup.status).toBe(200);
    const { secret } = setup.body as { secret: string };
    // The code is spent: a second enrolment with it (someone else who saw it) is refused.
    const again = await (await consoleOf('second')).call(SETUP, { body: { setupCode: code } });
    expect(again.status).toBe(403);
    expect((await owner.call(CONFIRM, { body: { code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }) } })).status).toBe(200);
    expect(totpRows('second')).toEqual([{ enabled_at: expect.any(String) }]);

    const login = await call(cafe.url, 'POST', '/admin/login', {
      body: { username: 'second', password: 'second-owner-pass', totp: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
    });
    expect(login.status).toBe(200);
  });

  it('the server machine can print the code instead (init-owner --enrol), and it works once', async () => {
    const printed = await initOwnerEnrol('third');
    expect(printed.code).toBe(0);
    const code = /\b([A-Z2-9]{5}-[A-Z2-9]{5})\b/.exec(printed.output)?.[1];
    expect(code).toBeDefined();
    const owner = await consoleOf('third');
    expect((await owner.call(SETUP, { body: { setupCode: code } })).status).toBe(200);
    expect((await (await consoleOf('third')).call(SETUP, { body: { setupCode: code } })).status).toBe(403);
    // An owner cannot issue its own code, and a customer has none to get.
    expect((await call(cafe.url, 'POST', '/admin/staff/ali/totp/setup-code', { token: admin })).status).toBe(404);
  });
});
