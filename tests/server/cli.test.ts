import { describe, expect, it } from 'vitest';
import { parseCafeArgs } from '../../src/server/cli/args.js';
import { ago, stationsTable } from '../../src/server/cli/format.js';
import { UsageError } from '../../src/server/config/argv.js';
import { parseServerFlags } from '../../src/server/config/server-flags.js';

describe('parseCafeArgs', () => {
  it('parses each command with its arguments and flags', () => {
    expect(parseCafeArgs(['stations']).command).toEqual({ name: 'stations' });
    expect(parseCafeArgs(['unlock-guest', 'st-01', '--minutes', '30']).command).toEqual({ name: 'unlock-guest', stationId: 'st-01', minutes: 30 });
    expect(parseCafeArgs(['unlock-guest', 'st-01']).command).toEqual({ name: 'unlock-guest', stationId: 'st-01' });
    expect(parseCafeArgs(['set-status', 'st-02', 'maintenance']).command).toEqual({ name: 'set-status', stationId: 'st-02', status: 'maintenance' });
    expect(parseCafeArgs(['command', 'st-03', 'rename_pc', '--name=VIP-3']).command).toEqual({ name: 'command', stationId: 'st-03', command: 'RENAME_PC', newName: 'VIP-3' });
    expect(parseCafeArgs(['command', 'st-03', 'LOGOUT_USER']).command).toEqual({ name: 'command', stationId: 'st-03', command: 'LOGOUT_USER' });
    expect(parseCafeArgs(['end-session', 'ses_1']).command).toEqual({ name: 'end-session', sessionId: 'ses_1' });
    expect(parseCafeArgs(['add-balance', 'ali', '-500']).command).toEqual({ name: 'add-balance', username: 'ali', amount: -500 });
    expect(parseCafeArgs(['heartbeats', 'st-01', '--limit', '5']).command).toEqual({ name: 'heartbeats', stationId: 'st-01', limit: 5 });
    expect(parseCafeArgs([]).command).toEqual({ name: 'help' });
    expect(parseCafeArgs(['stations', '--help']).command).toEqual({ name: 'help' });
  });

  it('takes the server and user from flags, then env, then defaults; the password only from the env (or asked), never a default', () => {
    expect(parseCafeArgs(['stations'])).toMatchObject({ server: 'http://127.0.0.1:4000', user: 'admin', password: undefined });
    expect(parseCafeArgs(['stations'], { SPAWNPOINT_SERVER: '', SPAWNPOINT_ADMIN_USER: ' ' })).toMatchObject({ server: 'http://127.0.0.1:4000', user: 'admin' });
    const env = { SPAWNPOINT_SERVER: 'http://cafe.local:4100/', SPAWNPOINT_ADMIN_USER: 'staff1', SPAWNPOINT_ADMIN_PASSWORD: 's3cret' };
    expect(parseCafeArgs(['stations'], env)).toMatchObject({ server: 'http://cafe.local:4100', user: 'staff1', password: 's3cret' });
    expect(parseCafeArgs(['--server', 'http://10.0.0.2:4000', 'stations', '--user', 'boss'], env)).toMatchObject({
      server: 'http://10.0.0.2:4000',
      user: 'boss',
      password: 's3cret',
    });
    expect(() => parseCafeArgs(['stations', '--password', 'pw'], env)).toThrow(/SPAWNPOINT_ADMIN_PASSWORD/);
  });

  it.each([
    [['launch-missiles'], /unknown command 'launch-missiles'/],
    [['unlock-guest'], /takes <stationId>/],
    [['unlock-guest', 'st-01', '--minutes', 'ten'], /--minutes must be a whole number/],
    [['unlock-guest', 'st-01', '--minutes', '0'], /between 1 and 1440/],
    [['set-status', 'st-01'], /takes <stationId> <status>/],
    [['command', 'st-01', 'FORMAT_C'], /unknown station command 'FORMAT_C'/],
    [['command', 'st-01', 'RENAME_PC'], /RENAME_PC needs --name/],
    [['add-balance', 'ali', '12.5'], /whole number of IQD/],
    [['stations', '--minutes', '5'], /--minutes does not apply to 'stations'/],
    [['stations', '--verbose'], /unknown flag --verbose/],
    [['stations', '--server'], /--server needs a value/],
    [['stations', '--server', 'ftp://x'], /http\(s\) URL/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCafeArgs(argv)).toThrow(UsageError);
    expect(() => parseCafeArgs(argv)).toThrow(message);
  });
});

describe('stationsTable', () => {
  it('lays out number, id, name, status, online, last heartbeat and session', () => {
    const now = Date.parse('2025-01-10T18:10:00.000Z');
    const text = stationsTable(
      [
        { id: 'st-01', number: 1, name: 'PC-01', macAddress: 'm', groupName: 'Standard', status: 'in_use', online: true, lastHeartbeatAt: '2025-01-10T18:09:45.000Z', currentSession: { sessionId: 'ses_1', username: 'ali', isGuest: false, startTime: 'x', remainingMinutes: 42 } },
        { id: 'st-02', number: 2, name: 'PC-02', macAddress: 'm', groupName: null, status: 'maintenance', online: false, lastHeartbeatAt: null, currentSession: null },
      ],
      now,
    );
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^#\s+ID\s+NAME\s+GROUP\s+STATUS\s+ONLINE\s+LAST HEARTBEAT\s+SESSION$/);
    expect(lines[2]).toMatch(/^1\s+st-01\s+PC-01\s+Standard\s+in_use\s+yes\s+15s ago\s+ali \(42 min left\)$/);
    expect(lines[3]).toMatch(/^2\s+st-02\s+PC-02\s+-\s+maintenance\s+no\s+never\s+-$/);
    expect(ago('2025-01-10T16:00:00.000Z', now)).toBe('2h ago');
  });
});

describe('parseServerFlags', () => {
  it('has the documented defaults and reads the environment', () => {
    expect(parseServerFlags([])).toEqual({
      port: 4000,
      host: '127.0.0.1',
      dbPath: '.data/spawnpoint.sqlite',
      seed: undefined,
      rendererDir: 'out/renderer',
      consoleDir: 'out/console',
      clockSpeed: 1,
      help: false,
      publicUrl: undefined,
      devOAuth: false,
      corsOrigins: [],
      tls: undefined,
      trustProxy: [],
      demo: false,
    });
    expect(
      parseServerFlags(['--public-url', 'https://cafe.example', '--dev-oauth', '--tls', '--cors-origin', 'https://ops.example, https://b.example'], {}),
    ).toMatchObject({
      publicUrl: 'https://cafe.example',
      devOAuth: true,
      tls: {},
      corsOrigins: ['https://ops.example', 'https://b.example'],
    });
    expect(parseServerFlags([], { SPAWNPOINT_PUBLIC_URL: 'http://10.0.0.2:4000' }).publicUrl).toBe('http://10.0.0.2:4000');
    expect(parseServerFlags([], { SPAWNPOINT_PORT: '4100', SPAWNPOINT_DB: '/tmp/x.sqlite' })).toMatchObject({ port: 4100, dbPath: '/tmp/x.sqlite' });
    expect(parseServerFlags(['--port', '0', '--memory', '--seed', 'demo', '--clock-speed', '60'], { SPAWNPOINT_PORT: '4100' })).toMatchObject({
      port: 0,
      dbPath: ':memory:',
      seed: 'demo',
      clockSpeed: 60,
    });
    // Nodes of one cluster share the compressed clock's origin.
    expect(parseServerFlags(['--clock-speed', '10', '--clock-origin', '1700000000000']).clockOrigin).toBe(1_700_000_000_000);
    expect(parseServerFlags(['--clock-origin', '2025-01-10T18:00:00.000Z']).clockOrigin).toBe(Date.parse('2025-01-10T18:00:00.000Z'));
    // Behind a proxy: whose X-Forwarded-For to believe.
    expect(parseServerFlags(['--trust-proxy', '127.0.0.1, 10.0.0.0/8']).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(parseServerFlags([], { SPAWNPOINT_TRUST_PROXY: '::1' }).trustProxy).toEqual(['::1']);
    expect(parseServerFlags([]).trustProxy).toEqual([]);
  });

  it.each([
    [['--port', 'abc'], /--port must be a whole number/],
    [['--port', '70000'], /between 0 and 65535/],
    [['--db', 'a.sqlite', '--memory'], /either --db or --memory/],
    [['--seed', 'full'], /--seed only knows 'demo'/],
    [['--clock-speed', '0'], /--clock-speed must be a positive number/],
    [['--clock-origin', 'yesterday'], /--clock-origin takes an ISO time or milliseconds since 1970/],
    [['--trust-proxy', 'everyone'], /--trust-proxy takes IP addresses or CIDR ranges/],
    [['--frobnicate'], /unknown flag --frobnicate/],
    [['extra'], /unexpected argument 'extra'/],
    [['--public-url', 'ftp://x'], /--public-url must be an http\(s\) URL/],
    [['--tls-cert', 'a.pem'], /--tls-cert and --tls-key go together/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseServerFlags(argv)).toThrow(message);
  });
});

describe('encrypted by default (issue 22)', () => {
  it('serves HTTPS beyond loopback unless told --insecure-http; plain HTTP stays for loopback', () => {
    expect(parseServerFlags([]).tls).toBeUndefined();
    expect(parseServerFlags(['--host', 'localhost']).tls).toBeUndefined();
    expect(parseServerFlags(['--host', '0.0.0.0']).tls).toEqual({});
    expect(parseServerFlags(['--host', '192.168.1.10']).tls).toEqual({});
    expect(parseServerFlags(['--host', '0.0.0.0', '--insecure-http']).tls).toBeUndefined();
    expect(() => parseServerFlags(['--insecure-http', '--tls'])).toThrow(/contradict/);
  });
});
