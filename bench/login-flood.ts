/**
 * A real login's latency while a flood keeps 40 wrong-password logins in
 * flight (issue 9, attack 4). The flood sprays usernames at the open
 * /admin/login (argon2 for every try, no station needed); the real login is
 * a password login at an enrolled station (or, against a server without
 * enrolment, by its MAC). Prints the median and worst of 5 real logins (the login budget is 10 a minute per user),
 * quiet and under the flood.
 *
 *   npx tsx bench/login-flood.ts [--root DIR]   (DIR: another checkout's root to run its server)
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { percentile } from './support.js';

const ROOT = process.argv.includes('--root') ? process.argv[process.argv.indexOf('--root') + 1]! : join(import.meta.dirname, '..');
const TSX = join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');
const IN_FLIGHT = 40;

function startServer(): Promise<{ url: string; stop: () => void; output: () => string }> {
  const child = spawn(TSX, ['src/server/main.ts', '--memory', '--seed', 'demo', '--port', '0'], { cwd: ROOT });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, stop: () => child.kill('SIGTERM'), output: () => out });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function credentialFor(url: string): Promise<Record<string, string>> {
  const admin = await post(url, '/admin/login', { username: 'admin', password: 'admin123' });
  const token = admin.body?.accessToken as string;
  const res = await fetch(`${url}/admin/stations/st-01/pairing-code`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (res.status === 404) return {}; // a server without enrolment: the MAC in the body is all it asks
  const { pairingCode } = (await res.json()) as { pairingCode: string };
  const exchanged = await post(url, '/station-enrolment/exchange', { stationId: 'st-01', pairingCode });
  return { 'x-station-credential': exchanged.body?.stationCredential as string };
}

async function realLogins(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const reply = await post(url, '/auth/client/login', { username: 'ali', password: 'ali12345', macAddress: '02:53:50:00:00:01' }, headers);
    if (reply.status !== 200) throw new Error(`real login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    samples.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  return samples;
}

async function main(): Promise<void> {
  const server = await startServer();
  try {
    const headers = await credentialFor(server.url);
    const quiet = await realLogins(server.url, headers, 5);
    let flooding = true;
    let sent = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (flooding) {
        const reply = await post(server.url, '/admin/login', { username: `spray${sent++}`, password: 'wrong-password' });
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: IN_FLIGHT }, worker);
    await new Promise((r) => setTimeout(r, 500));
    const flooded = await realLogins(server.url, headers, 5);
    flooding = false;
    await Promise.all(workers);
    const show = (s: number[]) => `p50 ${percentile(s, 50).toFixed(0)} ms, max ${Math.max(...s).toFixed(0)} ms`;
    console.log(`server: ${ROOT}`);
    console.log(`real login, quiet:                      ${show(quiet)}`);
    console.log(`real login, ${IN_FLIGHT} wrong logins in flight: ${show(flooded)}`);
    console.log(`flood answers: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}`);
    const errors = server.output().split('\n').filter((line) => line.includes('"level":50'));
    if (errors.length > 0) console.log(`server errors:\n${errors.join('\n')}`);
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
