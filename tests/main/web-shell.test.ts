import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WEB_BRIDGE_PATH } from '../../src/shared/bridge/protocol.js';
import { WebShellError, startWebShell } from '../../src/main/web-shell/server.js';
import type { WebShell } from '../../src/main/web-shell/server.js';
import { FAKE_CREDENTIAL, granted, startEnrolmentServer } from './support/enrolment-server.js';

const rendererDir = mkdtempSync(join(tmpdir(), 'spawnpoint-renderer-'));
mkdirSync(join(rendererDir, 'assets'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Spawnpoint test renderer</title>');
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');

const STATION = { serverUrl: 'http://127.0.0.1:3999', stationId: 'st-42', macAddress: 'aa:bb:cc:00:11:22', pcName: 'PC-42' };

/** A bridge client that collects what the shell sends. */
/** A bridge client; by default it presents the shell's own page's Origin, as the renderer in a browser does. */
async function connect(url: string, headers: Record<string, string> = { Origin: url }) {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + WEB_BRIDGE_PATH, { headers });
  const received: unknown[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (count = 1): Promise<unknown[]> => {
    const deadline = Date.now() + 5000;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} messages, got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return received.splice(0, count);
  };
  const close = () =>
    new Promise<void>((resolve) => {
      if (ws.readyState === WebSocket.CLOSED) return resolve();
      ws.once('close', () => resolve());
      ws.close();
    });
  return { ws, next, received, close };
}

/** A raw HTTP GET that sends the path exactly as written (fetch would normalize "/../"). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/`, { path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web shell (real HTTP and WebSocket on a free port)', () => {
  let shell: WebShell;
  const logs: string[] = [];

  beforeAll(async () => {
    shell = await startWebShell({
      ...STATION,
      rendererDir,
      port: 0,
      testHooks: true,
      dataDir: mkdtempSync(join(tmpdir(), 'spawnpoint-shell-data-')),
      log: (line) => logs.push(line),
    });
  });
  afterAll(async () => {
    await shell?.close();
  });

  it('listens on loopback at a picked port', () => {
    expect(shell.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(shell.url).not.toMatch(/:0$/);
  });

  it('serves the renderer with content types, and index.html for app routes', async () => {
    const root = await fetch(`${shell.url}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await root.text()).toContain('Spawnpoint test renderer');

    const route = await fetch(`${shell.url}/dashboard`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('Spawnpoint test renderer');

    const script = await fetch(`${shell.url}/assets/app.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');

    expect((await fetch(`${shell.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${shell.url}/`, { method: 'POST' })).status).toBe(405);
  });

  it('refuses path traversal', async () => {
    for (const path of ['/../etc/passwd', '/../../../../etc/passwd', '/assets/../../etc/passwd']) {
      const res = await rawGet(shell.url, path);
      expect(res.status, path).toBe(403);
      expect(res.body).not.toContain('root:');
    }
    const encoded = await fetch(`${shell.url}/..%2f..%2f..%2fetc%2fpasswd`);
    expect(encoded.status).toBe(403);
  });

  it('answers GimmeData over the bridge with the given identity', async () => {
    const client = await connect(shell.url);
    client.ws.send(JSON.stringify({ command: 'GimmeData' }));
    const [reply] = await client.next();
    expect(reply).toEqual({
      command: 'HereTheData',
      data: {
        macAddress: 'AA:BB:CC:00:11:22',
        ipAddress: expect.any(String),
        pcName: 'PC-42',
        stationId: 'st-42',
        serverUrl: 'http://127.0.0.1:3999',
      },
    });
    await client.close();
  });

  it('answers garbage with CommandFailed and keeps working', async () => {
    const client = await connect(shell.url);
    client.ws.send('this is not json');
    client.ws.send(JSON.stringify({ command: 'SystemSoundVolume', volume: '150' }));
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    const replies = await client.next(3);
    expect(replies).toEqual([
      { command: 'CommandFailed', failed: 'unknown', message: 'Bridge message is not valid JSON' },
      { command: 'CommandFailed', failed: 'SystemSoundVolume', message: expect.stringMatching(/volume must be 0 to 100/) },
      { command: 'CommandFailed', failed: 'unknown', message: expect.stringMatching(/text frames/) },
    ]);
    client.ws.send(JSON.stringify({ command: 'StartUp' }));
    expect(await client.next()).toEqual([{ command: 'StartUpCompleted' }]);
    await client.close();
  });

  it('sends a message POSTed to /__shell/emit to every bridge socket', async () => {
    const a = await connect(shell.url);
    const b = await connect(shell.url);
    const res = await fetch(`${shell.url}/__shell/emit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'NFC_LOGIN', ID: '04A1B2C3' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 2 });
    expect(await a.next()).toEqual([{ command: 'NFC_LOGIN', ID: '04A1B2C3' }]);
    expect(await b.next()).toEqual([{ command: 'NFC_LOGIN', ID: '04A1B2C3' }]);
    await a.close();
    await b.close();
  });

  it('rejects an invalid /__shell/emit body with 400', async () => {
    const post = (body: string) => fetch(`${shell.url}/__shell/emit`, { method: 'POST', body });
    const notJson = await post('{');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'body is not valid JSON' });
    const noId = await post(JSON.stringify({ command: 'AppLaunched' }));
    expect(noId.status).toBe(400);
    expect((await noId.json()).error).toMatch(/JsonID/);
    expect((await post(JSON.stringify({ command: 'FormatDisk' }))).status).toBe(400);
  });

  it('records actions in order and serves them at /__shell/actions', async () => {
    await fetch(`${shell.url}/__shell/actions`, { method: 'DELETE' });
    const client = await connect(shell.url);
    client.ws.send(JSON.stringify({ command: 'SystemSoundVolume', volume: '40' }));
    client.ws.send(JSON.stringify({ command: 'Launch', Json_ID: 'game-cs2', Account_ID: '2', Username: 'a2', Password: 'p4ss' }));
    client.ws.send(JSON.stringify({ command: 'NFC_ENABLE' }));
    client.ws.send(JSON.stringify({ command: 'ScreenLocked' }));
    client.ws.send(JSON.stringify({ command: 'UserLogout' }));
    client.ws.send(JSON.stringify({ command: 'ConnectionLost' }));
    client.ws.send(JSON.stringify({ command: 'RenamePC', newName: '; rm -rf /' }));
    client.ws.send(JSON.stringify({ command: 'SystemShutdown' }));
    // SystemVolumeChanged, AppLaunched, CommandFailed (RenamePC)
    expect(await client.next(3)).toEqual([
      { command: 'SystemVolumeChanged', volume: 40 },
      { command: 'AppLaunched', JsonID: 'game-cs2' },
      expect.objectContaining({ command: 'CommandFailed', failed: 'RenamePC' }),
    ]);
    const deadline = Date.now() + 5000;
    let actions: Array<{ action: string; args: unknown[]; at: string }> = [];
    while (Date.now() < deadline) {
      const res = await fetch(`${shell.url}/__shell/actions`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      actions = await res.json();
      if (actions.length >= 7) break;
    }
    expect(actions.map(({ action, args }) => ({ action, args }))).toEqual([
      { action: 'os.setVolume', args: [40] },
      { action: 'launcher.launch', args: [{ jsonId: 'game-cs2', accountId: '2', username: 'a2', withPassword: true }] },
      { action: 'nfc.enable', args: [] },
      { action: 'notify.ScreenLocked', args: [] },
      { action: 'notify.UserLogout', args: [] },
      { action: 'notify.ConnectionLost', args: [] },
      { action: 'os.shutdown', args: [] },
    ]);
    expect(actions.every(({ at }) => !Number.isNaN(Date.parse(at)))).toBe(true);
    expect(shell.actions()).toEqual(actions);
    expect(JSON.stringify(actions) + logs.join('\n')).not.toContain('p4ss');
    await client.close();
  });

  it('refuses a WebSocket or a hook request from a foreign web page', async () => {
    await expect(connect(shell.url, { Origin: 'https://evil.example' })).rejects.toThrow(/403/);
    // Issue 22: the bridge hands out the station credential: only the shell's own page may open it.
    const port = new URL(shell.url).port;
    await expect(connect(shell.url, {})).rejects.toThrow(/403/);
    await expect(connect(shell.url, { Origin: `http://localhost:${Number(port) + 1}` })).rejects.toThrow(/403/);
    await expect(connect(shell.url, { Origin: `http://localhost:${port}` })).rejects.toThrow(/403/);
    await expect(connect(shell.url, { Origin: 'null' })).rejects.toThrow(/403/);
    const ownPage = await connect(shell.url, { Origin: shell.url });
    await ownPage.close();
    const hook = await fetch(`${shell.url}/__shell/actions`, { headers: { Origin: 'https://evil.example' } });
    expect(hook.status).toBe(403);
    // Another page on this machine is not the shell's own origin either.
    const neighbour = await fetch(`${shell.url}/__shell/emit`, {
      method: 'POST',
      headers: { Origin: `http://localhost:${Number(port) + 1}` },
      body: JSON.stringify({ command: 'NFC_LOGIN', ID: '04A1B2C3' }),
    });
    expect([neighbour.status, await neighbour.json()]).toEqual([
      403,
      { error: "test hooks answer only loopback requests from the web shell's own origin" },
    ]);
    const own = await fetch(`${shell.url}/__shell/actions`, { headers: { Origin: shell.url } });
    expect(own.status).toBe(200);
    const rebinding = await rawGetWithHost(shell.url, '/__shell/actions', 'evil.example');
    expect(rebinding).toBe(403);
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(shell.url.replace(/^http/, 'ws') + '/not-the-bridge');
        ws.once('open', resolve);
        ws.once('error', reject);
      }),
    ).rejects.toThrow(/404/);
  });
});

function rawGetWithHost(url: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web shell without --test-hooks, enrolled with a pairing code', () => {
  it('has no /__shell/ routes and hands the stored credential to the renderer', async () => {
    const cafe = await startEnrolmentServer({ reply: (body) => granted(body, null) });
    const dataDir = mkdtempSync(join(tmpdir(), 'spawnpoint-shell-enrol-'));
    const logs: string[] = [];
    const start = () =>
      startWebShell({ ...STATION, serverUrl: cafe.url, rendererDir, pairingCode: 'k7m2q9xd', dataDir, log: (line) => logs.push(line) });
    const shell = await start();
    try {
      expect(shell.trust.state).toBe('enrolled');
      for (const [method, path] of [['GET', '/__shell/actions'], ['POST', '/__shell/emit'], ['DELETE', '/__shell/actions']]) {
        const res = await fetch(`${shell.url}${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
        expect([res.status, await res.json()], `${method} ${path}`).toEqual([
          404,
          { error: 'no test hooks: the web shell runs without --test-hooks' },
        ]);
      }
      const client = await connect(shell.url);
      client.ws.send(JSON.stringify({ command: 'GimmeData' }));
      const [reply] = await client.next();
      expect(reply).toMatchObject({ command: 'HereTheData', data: { stationId: 'st-42', stationCredential: FAKE_CREDENTIAL } });
      await client.close();
    } finally {
      await shell.close();
    }
    expect(cafe.received).toEqual([expect.objectContaining({ stationId: 'st-42', pairingCode: 'K7M2-Q9XD' })]);

    // Started again: the stored credential, no second exchange.
    const again = await start();
    await again.close();
    await cafe.close();
    expect(again.trust.state).toBe('stored');
    expect(cafe.received).toHaveLength(1);
    expect(logs.join('\n')).not.toContain(FAKE_CREDENTIAL);
    expect(logs.join('\n')).not.toMatch(/K7M2-?Q9XD/i);
  });
});

describe('startWebShell errors', () => {
  it('fails clearly when the renderer is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'spawnpoint-empty-'));
    await expect(startWebShell({ ...STATION, rendererDir: empty })).rejects.toThrow(WebShellError);
    await expect(startWebShell({ ...STATION, rendererDir: empty })).rejects.toThrow(/Run `npm run build` first/);
  });

  it('validates the identity it is given', async () => {
    await expect(startWebShell({ ...STATION, macAddress: 'nope', rendererDir })).rejects.toThrow(/macAddress must be a MAC address/);
  });
});
