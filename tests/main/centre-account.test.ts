import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShellToRenderer } from '../../src/shared/bridge/protocol.js';
import { createStationBridge } from '../../src/main/bridge/station-bridge.js';
import { createActionRecorder } from '../../src/main/dry-run/recorder.js';
import { fetchCentreAccount, withCentreAccounts, type PostJson } from '../../src/main/launcher/centre-account.js';
import type { LaunchRequest } from '../../src/main/launcher/launcher.js';

const SECRET = 'pw-very-secret';
const answer = (status: number, body: unknown): PostJson => async () => ({ status, body: JSON.stringify(body) });

describe('centre-account launches in the shell', () => {
  it('fetches the sign-in as the station (credential header) and launches with it', async () => {
    const seen: Array<Parameters<PostJson>[0]> = [];
    const launched: LaunchRequest[] = [];
    const lines: string[] = [];
    const launcher = withCentreAccounts(
      { launch: async (request) => void launched.push(request) },
      {
        serverUrl: 'http://cafe:4000/',
        credential: async () => 'sc_station-credential',
        post: async (request) => {
          seen.push(request);
          return { status: 200, body: JSON.stringify({ accountId: 'acc-1', platform: 3, username: 'arena_01', password: SECRET, accountDisplayName: 'Account 1' }) };
        },
        log: (line) => lines.push(line),
      },
    );
    await launcher.launch({ jsonId: 'game-cs2', account: { accountId: 'acc-1' } });
    expect(seen[0]?.url).toBe('http://cafe:4000/game-accounts/acc-1/launch-credentials');
    expect(seen[0]?.headers['X-Station-Credential']).toBe('sc_station-credential');
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ jsonId: 'game-cs2' });
    expect(launched).toEqual([{ jsonId: 'game-cs2', account: { accountId: 'acc-1', username: 'arena_01', password: SECRET } }]);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('launches as it is when the Launch already carries the sign-in (a SPEC-only server) or names no account', async () => {
    const launched: LaunchRequest[] = [];
    let posts = 0;
    const launcher = withCentreAccounts(
      { launch: async (request) => void launched.push(request) },
      { serverUrl: 'http://cafe', credential: async () => 'sc', post: async () => ((posts += 1), { status: 500, body: '' }), log: () => {} },
    );
    await launcher.launch({ jsonId: 'game-a', account: { accountId: '4', username: 'u', password: 'p' } });
    await launcher.launch({ jsonId: 'plat-steam' });
    expect(posts).toBe(0);
    expect(launched).toHaveLength(2);
  });

  it.each([
    ['not enrolled', { credential: async () => undefined, post: answer(200, {}) }, 'This station is not enrolled'],
    ['the account is not held here', { post: answer(403, { message: 'This account is not held by the session running at this station.' }) }, 'not held by the session'],
    ['the account is gone', { post: answer(404, { message: 'This account is no longer available' }) }, 'no longer available'],
    ['the server is away', { post: (async () => { throw new Error('ECONNREFUSED'); }) as PostJson }, 'Cannot reach the cafe server'],
    ['an answer without the sign-in', { post: answer(200, { accountId: 'acc-1' }) }, 'without the centre account sign-in'],
  ])('refuses with a reason when %s', async (_, override, reason) => {
    const deps = { serverUrl: 'http://cafe', credential: async () => 'sc', log: () => {}, ...override };
    await expect(fetchCentreAccount(deps, 'acc-1', 'game-cs2')).rejects.toThrow(reason);
  });
});

describe('the dry-run station bridge with a centre account', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it('records the account and that a password was used — never the password — and closing releases it', async () => {
    const requests: Array<{ url: string; credential: string | undefined }> = [];
    const server = createServer((req: IncomingMessage, res) => {
      requests.push({ url: req.url ?? '', credential: req.headers['x-station-credential'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accountId: 'acc-7', platform: 3, username: 'arena_07', password: SECRET, accountDisplayName: 'Account 7' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    const recorder = createActionRecorder(() => new Date('2025-01-01T00:00:00Z'));
    const emitted: ShellToRenderer[] = [];
    const lines: string[] = [];
    const bridge = createStationBridge({
      config: { serverUrl: `http://127.0.0.1:${port}`, stationId: 'st-1', dataDir: '/data' },
      mode: 'dry-run',
      platform: 'linux',
      emit: (m) => emitted.push(m),
      log: (line) => lines.push(line),
      recorder,
      stationCredential: async () => 'sc_credential',
      readIdentity: () => ({ macAddress: null, ipAddress: '10.0.0.2', pcName: 'HOST' }),
    });
    await bridge.router.handle({ command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'acc-7' });
    expect(requests).toEqual([{ url: '/game-accounts/acc-7/launch-credentials', credential: 'sc_credential' }]);
    expect(recorder.list()[0]?.args).toEqual([{ jsonId: 'game-cs2', accountId: 'acc-7', username: 'arena_07', withPassword: true }]);
    expect(bridge.apps?.running()).toEqual([{ jsonId: 'game-cs2', accountId: 'acc-7' }]);
    expect(bridge.apps?.close('game-cs2')).toBe(true);
    expect(emitted).toEqual([
      { command: 'AppLaunched', JsonID: 'game-cs2' },
      { command: 'AppClosed', JsonID: 'game-cs2' },
      { command: 'AccountReleased', JsonID: 'game-cs2', Account_ID: 'acc-7' },
    ]);
    expect(JSON.stringify([recorder.list(), emitted, lines])).not.toContain(SECRET);
  });

  it('a refused account becomes CommandFailed for Launch, saying why', async () => {
    const emitted: ShellToRenderer[] = [];
    const bridge = createStationBridge({
      config: { serverUrl: 'http://127.0.0.1:9', stationId: 'st-1', dataDir: '/data' },
      mode: 'dry-run',
      platform: 'linux',
      emit: (m) => emitted.push(m),
      log: () => {},
      stationCredential: async () => 'sc',
      postJson: answer(409, { message: 'This account is already in use or unavailable' }),
      readIdentity: () => ({ macAddress: null, ipAddress: '10.0.0.2', pcName: 'HOST' }),
    });
    await bridge.router.handle({ command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'acc-7' });
    expect(emitted).toEqual([{ command: 'CommandFailed', failed: 'Launch', message: 'This account is already in use or unavailable' }]);
  });
});
