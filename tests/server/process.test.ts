/** The real entry points as separate processes: the server's ready line, the CLI, signals, exit codes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { adminToken } from '../support/processes.js';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, station } from './support/harness.js';

const ROOT = new URL('../../', import.meta.url).pathname;

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const base = { ...process.env };
  for (const name of ['SPAWNPOINT_SERVER', 'SPAWNPOINT_ADMIN_USER', 'SPAWNPOINT_ADMIN_PASSWORD', 'SPAWNPOINT_PORT', 'SPAWNPOINT_DB']) {
    delete base[name];
  }
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function finish(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

async function cafe(...args: string[]) {
  // The demo admin has an authenticator: the CLI uses the token the test signed in with (one code per 30 seconds).
  return finish(run('src/server/cli/cafe.ts', args, { SPAWNPOINT_ADMIN_PASSWORD: 'admin123', SPAWNPOINT_ADMIN_TOKEN: await adminToken(url) }));
}

let server: ChildProcess;
let url: string;
let serverStdout = '';

beforeAll(async () => {
  server = run('src/server/main.ts', ['--memory', '--seed', 'demo', '--port', '0']);
  server.stdout?.on('data', (d: Buffer) => (serverStdout += d.toString()));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready: ${serverStdout}`)), 15_000);
    server.stdout?.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(serverStdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}, 20_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

describe('server process and cafe CLI', () => {
  it('prints exactly one ready line with the real port', () => {
    expect(serverStdout).toMatch(/^Spawnpoint cafe server listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(url).not.toMatch(/:0$/);
  });

  it('lists the stations, unlocks a guest, and shows the guest in the list', async () => {
    const listed = await cafe('stations', '--server', url);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toHaveLength(10); // header, rule, 8 stations
    expect(listed.stdout).toMatch(/8\s+st-08\s+PC-08\s+VIP\s+available/);

    // A PC that is not connected is refused as offline, and nothing starts (issue 23).
    const offline = await cafe('unlock-guest', 'st-05', '--minutes', '45', '--server', url);
    expect(offline.code).toBe(1);
    expect(offline.stderr.trim()).toBe('cafe: 409: offline: the station is not connected');
    // The PC is paired and connects: then it is unlocked.
    const paired = await cafe('pair', 'st-05', '--server', url);
    const pairingCode = /Pairing code for st-05: (\S+)/.exec(paired.stdout)?.[1] ?? '';
    const exchanged = await fetch(`${url}/station-enrolment/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stationId: 'st-05', pairingCode }),
    });
    const { stationCredential } = (await exchanged.json()) as { stationCredential: string };
    const pc = await connectSocket(url, { clientType: 'station', ...station(5), ipAddress: '192.168.1.50', stationName: 'PC-05', userId: '' }, stationCredential);
    await pc.next('stationStatusChanged');
    const unlocked = await cafe('unlock-guest', 'st-05', '--minutes', '45', '--server', url);
    pc.close();
    expect(unlocked.code).toBe(0);
    const guest = /guest (guest_[0-9a-f]{4})/.exec(unlocked.stdout)?.[1];
    expect(guest).toBeDefined();

    const after = await cafe('stations', '--server', url);
    expect(after.stdout).toMatch(new RegExp(`5\\s+st-05\\s+PC-05\\s+Standard\\s+in_use\\s+no\\s+never\\s+${guest} \\(45 min left\\)`));
  }, 60_000);

  it('exits 1 with one line when the server refuses, 2 on bad usage', { timeout: 60_000 }, async () => {
    const refused = await cafe('unlock-guest', 'st-99', '--server', url);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('cafe: 404: Unknown station: st-99');

    const badLogin = await finish(run('src/server/cli/cafe.ts', ['stations', '--server', url], { SPAWNPOINT_ADMIN_PASSWORD: 'wrong' }));
    expect(badLogin.code).toBe(1);
    expect(badLogin.stderr.trim()).toBe("cafe: admin sign-in as 'admin' failed: 401: Invalid username or password.");

    const invalid = await cafe('set-status', 'st-01', 'x'.repeat(40), '--server', url);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr.trim().split('\n')).toHaveLength(1);
    expect(invalid.stderr).toMatch(/^cafe: 400: Invalid body: .*status/);

    const usage = await cafe('command', 'st-01', 'RENAME_PC', '--server', url);
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('rejects a bad server flag with exit code 2', async () => {
    const bad = await finish(run('src/server/main.ts', ['--port', 'eighty']));
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe("spawnpoint server: --port must be a whole number, got 'eighty' (see --help)");
  });

  it('closes cleanly on SIGTERM', async () => {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });
});
