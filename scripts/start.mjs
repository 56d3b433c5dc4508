#!/usr/bin/env node
// `npm start`: the whole demo from one command. Builds the app, starts the
// reference cafe server on the seeded SQLite cafe, then the kiosk for
// station 1: the Electron window where the Electron binary can be had, the
// web shell in a browser otherwise. The station is enrolled the way a
// technician enrols one: a one-time pairing code from the demo admin (what
// `npm run cafe -- pair st-01` prints) is handed to the kiosk, which
// exchanges it for its station credential (kept in .data/demo-station/<id>).
//
// Environment: SPAWNPOINT_PORT (server, default 4000), SPAWNPOINT_WEB_PORT
// (web shell, default 4100), SPAWNPOINT_KIOSK=web to skip Electron,
// SPAWNPOINT_STATION (1–8, default 1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const serverPort = process.env.SPAWNPOINT_PORT ?? '4000';
const webPort = process.env.SPAWNPOINT_WEB_PORT ?? '4100';
const stationNumber = Number(process.env.SPAWNPOINT_STATION ?? '1');
if (!Number.isInteger(stationNumber) || stationNumber < 1 || stationNumber > 8) {
  console.error('SPAWNPOINT_STATION must be a demo station number from 1 to 8');
  process.exit(2);
}
const pad = String(stationNumber).padStart(2, '0');
const station = {
  id: `st-${pad}`,
  mac: `02:53:50:00:00:${pad}`,
  pcName: `PC-${pad}`,
};
const tsx = join('node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const children = [];

function say(line) {
  console.log(`[start] ${line}`);
}

function run(name, command, args, { onLine } = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        console.log(`[${name}] ${line}`);
        onLine?.(line);
      }
    });
  }
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      say(`${name} stopped (${signal ?? code}); stopping the demo`);
      shutdown(code ?? 1);
    }
  });
  return child;
}

function waitForLine(name, command, args, pattern) {
  return new Promise((resolve) => {
    run(name, command, args, {
      onLine: (line) => {
        const match = pattern.exec(line);
        if (match) resolve(match[1]);
      },
    });
  });
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

/** Is the Electron binary here, or can it be fetched within a minute? */
function electronAvailable() {
  if (process.env.SPAWNPOINT_KIOSK === 'web') return { ok: false, why: 'SPAWNPOINT_KIOSK=web' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { ok: false, why: 'no display to open a window on' };
  }
  const dir = join('node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  const binary = () => existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8')));
  if (binary()) return { ok: true };
  const fetch = spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: 60_000 });
  return binary() ? { ok: true } : { ok: false, why: `its binary could not be downloaded (${fetch.error?.message ?? `exit ${fetch.status}`})` };
}

say('building the app (electron-vite build, then the operator console)');
const build = spawnSync(process.execPath, [join('node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
  stdio: 'inherit',
});
const consoleBuild =
  build.status === 0
    ? spawnSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '-c', 'vite.console.config.ts'], { stdio: 'inherit' })
    : build;
if (build.status !== 0 || consoleBuild.status !== 0) {
  say('the build failed; see above');
  process.exit(1);
}

const serverUrl = await waitForLine(
  'server',
  tsx,
  // --dev-oauth: the demo's QR login goes through the development provider (a page where anyone types any email).
  ['src/server/main.ts', '--seed', 'demo', '--port', serverPort, '--dev-oauth'],
  /listening on (http:\/\/\S+)/,
);
say(`cafe server ready at ${serverUrl} (admin CLI: npm run cafe -- stations; admin / admin123 + the code from: npx tsx scripts/demo-totp.ts admin)`);
say(`operator console: ${serverUrl}/console/ — staff desk / desk1234; owner owner / owner1234 + the code from: npx tsx scripts/demo-totp.ts (the demo authenticator secrets are in docs/console.md)`);
say('note: the demo runs the development OAuth provider (--dev-oauth): its QR sign-in page accepts any email. Never in a cafe.');

/** A one-time pairing code for the station from the demo admin, or null (said why) when the server gives none. */
async function demoPairingCode(stationId) {
  try {
    // The demo admin has an authenticator (an owner without one gets no admin token): its code from the seed's secret.
    const totp = spawnSync(tsx, ['scripts/demo-totp.ts', 'admin'], { encoding: 'utf8' }).stdout.trim();
    const login = await fetch(`${serverUrl}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123', totp }),
    });
    if (!login.ok) throw new Error(`admin login answered ${login.status}`);
    const { accessToken } = await login.json();
    const res = await fetch(`${serverUrl}/admin/stations/${stationId}/pairing-code`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!res.ok) throw new Error(`POST /admin/stations/${stationId}/pairing-code answered ${res.status}`);
    const { pairingCode } = await res.json();
    if (typeof pairingCode !== 'string') throw new Error('the answer has no pairingCode');
    return pairingCode;
  } catch (error) {
    say(`could not get a pairing code for station ${stationId} (${error.message}); the kiosk runs unenrolled`);
    return null;
  }
}

// Each demo start enrols afresh: the server may be a new database, and a new exchange replaces the old credential.
const stationDataDir = join('.data', 'demo-station', station.id);
rmSync(join(stationDataDir, 'station-credential.json'), { force: true });
const code = await demoPairingCode(station.id);
const stationArgs = ['--server', serverUrl, '--station-id', station.id, '--mac', station.mac, '--pc-name', station.pcName, '--data-dir', stationDataDir];
if (code) {
  stationArgs.push('--pairing-code', code);
  say(`enrolling station ${station.id}: the kiosk gets a one-time pairing code from the demo admin (as \`npm run cafe -- pair ${station.id}\` prints it) and exchanges it for its station credential`);
}
const electron = electronAvailable();
if (electron.ok) {
  say(`opening the kiosk window for station ${stationNumber}`);
  run('kiosk', process.execPath, [join('node_modules', 'electron', 'cli.js'), '.', ...stationArgs]);
} else {
  say(`Electron is not available here (${electron.why}); serving the kiosk in the web shell instead.`);
  const url = await waitForLine('web', tsx, ['src/main/web-shell/cli.ts', ...stationArgs, '--port', webPort], /at (http:\/\/\S+)/);
  say(`open ${url} in a browser: station ${stationNumber} (${station.pcName}). Demo login: ali / ali12345`);
}
