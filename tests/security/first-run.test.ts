/**
 * Issue 22, item 1: the only owner was a public one. Nothing but the demo seed
 * created an owner, the docs printed its password, the CLI defaulted to it,
 * and the server never said the demo's secrets were there. Now an empty
 * database without --seed demo is in set-up mode (a one-time link makes the
 * first owner, with an authenticator, and no account exists before), the
 * server says loudly when demo secrets exist and refuses to listen beyond
 * loopback with them unless told it is a demo, and the CLI takes no password
 * on its command line and defaults none.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDERER_DIR, startProcess, type Running } from '../support/processes.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const dirs: string[] = [];
const running: Running[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-first-run-'));
  dirs.push(dir);
  return dir;
}

async function server(args: string[]): Promise<Running> {
  const started = await startProcess(
    ['src/server/main.ts', '--port', '0', '--renderer-dir', RENDERER_DIR, ...args],
    /listening on (https?:\/\/\S+)/,
    30_000,
    { env: { SPAWNPOINT_DATA_DIR: '' } },
  );
  running.push(started);
  return started;
}

/** Runs a process to its end. */
function run(args: string[], env: NodeJS.ProcessEnv = {}, input = ''): Promise<{ code: number; output: string }> {
  const child = spawn(TSX, args, { cwd: ROOT, env: { ...process.env, ...env, FORCE_COLOR: '0' } });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, output })));
}

afterAll(async () => {
  for (const r of running) await r.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('attack: the only owner is a public one', () => {
  it('an empty database has no account at all and prints a one-time set-up link that makes the owner with an authenticator', async () => {
    const dir = tempDir();
    const cafe = await server(['--db', join(dir, 'cafe.sqlite')]);
    // No demo account, no default one.
    for (const [username, password] of [['admin', 'admin123'], ['owner', 'owner1234'], ['desk', 'desk1234']]) {
      const login = await fetch(`${cafe.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
      expect(login.status, username).toBe(401);
    }
    const link = await waitFor(() => /(https?:\/\/\S+\/setup\?token=\S+)/.exec(cafe.output())?.[1]);
    const token = new URL(link).searchParams.get('token')!;

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const secret = /Key: <code>([A-Z2-7]+)<\/code>/.exec(await page.text())?.[1];
    expect(secret).toBeTruthy();

    // A weak password, a wrong code: refused, nothing made, the link still good.
    const weak = await fetch(`${cafe.url}/setup`, form({ token, username: 'boss', password: 'short', password2: 'short', code: await generate({ secret: secret! }) }));
    expect(weak.status).toBe(400);
    const wrong = await fetch(`${cafe.url}/setup`, form({ token, username: 'boss', password: 'a long owner secret', password2: 'a long owner secret', code: '000000' }));
    expect(wrong.status).toBe(400);

    const made = await fetch(`${cafe.url}/setup`, form({ token, username: 'boss', password: 'a long owner secret', password2: 'a long owner secret', code: await generate({ secret: secret! }) }));
    expect(made.status).toBe(200);
    expect(await made.text()).toContain('with two-step sign-in on');
    // Used up: the link cannot make a second owner.
    const again = await fetch(`${cafe.url}/setup`, form({ token, username: 'boss2', password: 'a long owner secret', password2: 'a long owner secret', code: await generate({ secret: secret! }) }));
    expect(again.status).toBe(409);
    // The owner signs in only with the second factor.
    const noCode = await fetch(`${cafe.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'boss', password: 'a long owner secret' }) });
    expect(noCode.status).not.toBe(200);
  });

  it('init-owner on the server machine prints a new set-up link (the older one stops working)', async () => {
    const dir = tempDir();
    const db = join(dir, 'cafe.sqlite');
    const cafe = await server(['--db', db]);
    const first = await waitFor(() => /(https?:\/\/\S+\/setup\?token=\S+)/.exec(cafe.output())?.[1]);
    const made = await run(['src/server/cli/cafe.ts', 'init-owner', '--db', db, '--server', cafe.url]);
    expect(made.code, made.output).toBe(0);
    const link = /(https?:\/\/\S+\/setup\?token=\S+)/.exec(made.output)?.[1];
    expect(link).toBeTruthy();
    expect((await fetch(link!)).status).toBe(200);
    expect((await fetch(first)).status).toBe(410);
  });

  it('a demo cafe says so at every start and refuses to listen beyond loopback unless told it is a demo', async () => {
    const dir = tempDir();
    const db = join(dir, 'cafe.sqlite');
    const local = await server(['--db', db, '--seed', 'demo']);
    expect(local.output()).toMatch(/THIS IS A DEMO CAFE/);
    expect(local.output()).toMatch(/demo accounts with their demo passwords: .*admin/);
    expect(local.output()).toMatch(/demo prepaid cards/);
    expect(local.output()).toMatch(/demo centre accounts/);
    expect(local.output()).not.toMatch(/setup\?token=/);
    await local.stop();

    const refused = await run(['src/server/main.ts', '--db', db, '--host', '0.0.0.0', '--port', '0', '--renderer-dir', RENDERER_DIR]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/refusing to listen on 0\.0\.0\.0 with the demo's public secrets/);
    expect(refused.output).not.toMatch(/listening on/);

    const told = await server(['--db', db, '--host', '0.0.0.0', '--demo', '--insecure-http']);
    expect(told.output()).toMatch(/THIS IS A DEMO CAFE/);
  }, 60_000); // three server processes start one after another

  it('the CLI takes no password on its command line and defaults none', async () => {
    const flag = await run(['src/server/cli/cafe.ts', 'stations', '--password', 'admin123'], { SPAWNPOINT_ADMIN_PASSWORD: '' });
    expect(flag.code).toBe(2);
    expect(flag.output).toMatch(/--password/);
    expect(flag.output).toMatch(/SPAWNPOINT_ADMIN_PASSWORD/);
    const accountFlag = await run(['src/server/cli/cafe.ts', 'accounts', 'add', 'steam', 'x', '--account-password', 'pw'], { SPAWNPOINT_ADMIN_PASSWORD: '' });
    expect(accountFlag.code).toBe(2);
    // No password anywhere (no env, nothing on stdin): it stops and says how to give one, contacting nobody.
    const none = await run(['src/server/cli/cafe.ts', 'stations', '--server', 'http://127.0.0.1:9'], { SPAWNPOINT_ADMIN_PASSWORD: '' });
    expect(none.code).not.toBe(0);
    expect(none.output).toMatch(/no admin password/i);
    expect(none.output).not.toMatch(/cannot reach/);
  });
});

async function waitFor<T>(read: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not printed');
}
