/**
 * The game launcher: the catalog file (zod-checked, clear errors), the exact
 * argument arrays per platform and account, and the watch of the process
 * list that reports AppLaunched / AppClosed / AccountReleased.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellToRenderer } from '../../src/shared/bridge/protocol.js';
import { createBridgeRouter } from '../../src/main/bridge/router.js';
import { loadCatalog, parseCatalog } from '../../src/main/launcher/catalog.js';
import type { CatalogEntry } from '../../src/main/launcher/catalog.js';
import { createCatalogLauncher } from '../../src/main/launcher/catalog-launcher.js';
import { launchPlan, steamAppId } from '../../src/main/launcher/launch-plan.js';
import { parseTasklistCsv } from '../../src/main/launcher/process-list.js';
import { createDryRunOsActions } from '../../src/main/os/dry-run.js';
import { createActionRecorder } from '../../src/main/dry-run/recorder.js';

const CATALOG = {
  steamExecutable: 'D:\\Steam\\steam.exe',
  games: {
    cs2: { uri: 'steam://rungameid/730', process: 'cs2.exe', account: 'steam' },
    fortnite: { uri: 'com.epicgames.launcher://apps/Fortnite?action=launch&silent=true', process: 'FortniteClient-Win64-Shipping.exe' },
    lol: { executable: 'C:\\Riot Games\\Riot Client\\RiotClientServices.exe', args: ['--launch-product=league_of_legends', '--launch-patchline=live'], process: 'LeagueClient.exe' },
    minecraft: { executable: 'C:\\Games\\Minecraft\\MinecraftLauncher.exe', cwd: 'C:\\Games\\Minecraft', process: 'javaw.exe' },
    broken: { process: 'x.exe' },
    web: { uri: 'https://evil.example/', process: 'x.exe' },
    file: { uri: 'file:///C:/Windows/System32/cmd.exe', process: 'cmd.exe' },
    pathy: { executable: 'C:\\x.exe', process: 'C:\\x.exe' },
    r6: { uri: 'uplay://launch/635/0', process: 'RainbowSix.exe', settings: { executable: 'C:\\Games\\R6\\R6Settings.exe', args: ['--display'] } },
    dota: { uri: 'steam://rungameid/570', process: 'dota2.exe', settings: { uri: 'steam://gameproperties/570' } },
    sneaky: { uri: 'steam://rungameid/1', process: 'x.exe', settings: { uri: 'https://evil.example/' } },
  },
};
const catalog = parseCatalog(JSON.stringify(CATALOG), 'C:\\ProgramData\\Spawnpoint\\games.json');
const WIN = { platform: 'win32' as const, systemRoot: 'C:\\Windows' };
const LINUX = { platform: 'linux' as const };
const ACCOUNT = { accountId: 'acc-7', username: 'cafe_steam_07', password: 'p@ss "w0rd"; rm -rf /' };

describe('catalog', () => {
  it('reads valid entries', () => {
    expect(catalog.entry('cs2')).toEqual({ uri: 'steam://rungameid/730', process: 'cs2.exe', account: 'steam' });
    expect(catalog.entry('minecraft')).toMatchObject({ args: [], cwd: 'C:\\Games\\Minecraft' });
  });

  it.each([
    ['missing', /This game is not set up on this PC \(no entry "missing" in .*games\.json\)/],
    ['broken', /The entry "broken" in .*games\.json is invalid/],
    ['web', /The entry "web" .* is invalid/],
    ['file', /The entry "file" .* is invalid/],
    ['pathy', /The entry "pathy" .* is invalid/],
    ['__proto__', /no entry "__proto__"/],
    ['toString', /no entry "toString"/],
  ])('entry %s → LaunchError %s', (jsonId, message) => {
    expect(() => catalog.entry(jsonId)).toThrow(message);
  });

  it('reports a missing, unparsable or malformed file clearly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-catalog-'));
    await expect(loadCatalog(join(dir, 'games.json'))).rejects.toThrow(/No games are set up on this PC: .*games\.json does not exist/);
    writeFileSync(join(dir, 'games.json'), '{ nope');
    await expect(loadCatalog(join(dir, 'games.json'))).rejects.toThrow(/is not valid JSON/);
    writeFileSync(join(dir, 'games.json'), JSON.stringify({ games: [], extra: 1 }));
    await expect(loadCatalog(join(dir, 'games.json'))).rejects.toThrow(/is invalid/);
  });
});

describe('launch plans (exact argument arrays)', () => {
  const entry = (id: string): CatalogEntry => catalog.entry(id);
  it.each([
    ['steam URI, Windows', entry('cs2'), undefined, WIN, { file: 'C:\\Windows\\explorer.exe', args: ['steam://rungameid/730'] }],
    ['steam URI, Linux', entry('cs2'), undefined, LINUX, { file: 'xdg-open', args: ['steam://rungameid/730'] }],
    [
      'Epic URI, Windows',
      entry('fortnite'),
      undefined,
      WIN,
      { file: 'C:\\Windows\\explorer.exe', args: ['com.epicgames.launcher://apps/Fortnite?action=launch&silent=true'] },
    ],
    [
      'executable with args',
      entry('lol'),
      undefined,
      WIN,
      {
        file: 'C:\\Riot Games\\Riot Client\\RiotClientServices.exe',
        args: ['--launch-product=league_of_legends', '--launch-patchline=live'],
      },
    ],
    [
      'executable with a working directory',
      entry('minecraft'),
      undefined,
      WIN,
      { file: 'C:\\Games\\Minecraft\\MinecraftLauncher.exe', args: [], cwd: 'C:\\Games\\Minecraft' },
    ],
    [
      'Steam centre account: the password is one argv element',
      entry('cs2'),
      ACCOUNT,
      { ...WIN, steamExecutable: 'D:\\Steam\\steam.exe' },
      { file: 'D:\\Steam\\steam.exe', args: ['-login', 'cafe_steam_07', 'p@ss "w0rd"; rm -rf /', '-applaunch', '730'] },
    ],
    [
      'Steam centre account, default Steam path',
      entry('cs2'),
      ACCOUNT,
      WIN,
      {
        file: 'C:\\Program Files (x86)\\Steam\\steam.exe',
        args: ['-login', 'cafe_steam_07', 'p@ss "w0rd"; rm -rf /', '-applaunch', '730'],
      },
    ],
    [
      'Steam centre account, Linux',
      entry('cs2'),
      ACCOUNT,
      LINUX,
      { file: '/usr/games/steam', args: ['-login', 'cafe_steam_07', 'p@ss "w0rd"; rm -rf /', '-applaunch', '730'] },
    ],
    ['an account without a password launches plainly', entry('cs2'), { accountId: 'acc-7' }, WIN, { file: 'C:\\Windows\\explorer.exe', args: ['steam://rungameid/730'] }],
  ])('%s', (_name, e, account, context, plan) => {
    expect(launchPlan(e, account, context)).toEqual(plan);
  });

  it.each([
    ['Epic has no command-line sign-in', entry('fortnite'), ACCOUNT, WIN, 'This game cannot be started with a centre account on this PC'],
    ['an unsupported OS', entry('cs2'), undefined, { platform: 'darwin' as const }, 'Launching games is not supported on darwin'],
  ])('%s → LaunchError', (_name, e, account, context, message) => {
    expect(() => launchPlan(e, account, context)).toThrow(message);
  });

  it.each([
    ['steam://rungameid/730', '730'],
    ['steam://run/570/', '570'],
    ['steam://rungameid/730/-novid', null],
    ['steam://install/730', null],
    ['com.epicgames.launcher://apps/x', null],
  ])('steam app id of %s → %s', (uri, id) => {
    expect(steamAppId(uri)).toBe(id);
  });
});

describe('process list', () => {
  it('reads tasklist CSV', () => {
    const csv = '"System Idle Process","0","Services","0","8 K"\r\n"cs2.exe","4242","Console","1","1,024,000 K"\r\n"LeagueClient.exe","77","Console","1","9 K"\r\n';
    expect(parseTasklistCsv(csv)).toEqual(new Set(['system idle process', 'cs2.exe', 'leagueclient.exe']));
  });
});

describe('watching the game', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(catalogText = JSON.stringify(CATALOG)) {
    const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-launcher-'));
    writeFileSync(join(dir, 'games.json'), catalogText);
    const emitted: ShellToRenderer[] = [];
    const lines: string[] = [];
    const runs: unknown[][] = [];
    const failures: unknown[] = [];
    let running = new Set<string>();
    const launcher = createCatalogLauncher({
      dataDir: dir,
      context: WIN,
      run: async (file, args, options) => void runs.push([file, args, options]),
      listProcesses: async () => running,
      emit: (m) => emitted.push(m),
      log: (line) => lines.push(line),
      timers: {
        now: () => Date.now(),
        setInterval: (cb, ms) => setInterval(cb, ms),
        clearInterval: (id) => clearInterval(id as NodeJS.Timeout),
      },
      pollMs: 1_000,
      startTimeoutMs: 10_000,
      onAccountLaunchFailed: (failure) => void failures.push(failure),
    });
    return { launcher, emitted, lines, runs, failures, setRunning: (names: string[]) => (running = new Set(names)) };
  }

  it('AppLaunched when the process appears, AppClosed and AccountReleased when it is gone; the password never logged', async () => {
    const t = setup();
    await t.launcher.launch({ jsonId: 'cs2', account: ACCOUNT });
    expect(t.runs).toEqual([
      ['D:\\Steam\\steam.exe', ['-login', 'cafe_steam_07', ACCOUNT.password, '-applaunch', '730'], { detached: true }],
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.emitted).toEqual([]);
    t.setRunning(['steam.exe', 'cs2.exe']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.emitted).toEqual([{ command: 'AppLaunched', JsonID: 'cs2' }]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.emitted).toHaveLength(1);
    t.setRunning(['steam.exe']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.emitted).toEqual([
      { command: 'AppLaunched', JsonID: 'cs2' },
      { command: 'AppClosed', JsonID: 'cs2' },
      { command: 'AccountReleased', JsonID: 'cs2', Account_ID: 'acc-7' },
    ]);
    expect(t.launcher.watching()).toEqual([]);
    const log = t.lines.join('\n');
    expect(log).not.toContain(ACCOUNT.password);
    expect(log).not.toContain(ACCOUNT.username);
    expect(log).toContain('launcher: starting cs2 with steam.exe (centre account)');
  });

  it('matches process names case-insensitively and releases nothing for a plain launch', async () => {
    const t = setup();
    await t.launcher.launch({ jsonId: 'lol' });
    t.setRunning(['leagueclient.exe']);
    await vi.advanceTimersByTimeAsync(1_000);
    t.setRunning([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.emitted).toEqual([
      { command: 'AppLaunched', JsonID: 'lol' },
      { command: 'AppClosed', JsonID: 'lol' },
    ]);
  });

  it('gives up on a game that never starts, releasing its account', async () => {
    const t = setup();
    await t.launcher.launch({ jsonId: 'cs2', account: ACCOUNT });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(t.emitted).toEqual([
      { command: 'CommandFailed', failed: 'Launch', message: 'The game did not start (cs2)' },
      { command: 'AccountReleased', JsonID: 'cs2', Account_ID: 'acc-7' },
    ]);
    // The account is reported for staff (a wrong password or Steam Guard keeps a game from starting).
    expect(t.failures).toEqual([
      { accountId: 'acc-7', jsonId: 'cs2', reason: 'The game did not start within 10 s after signing in with this account' },
    ]);
  });

  it("GameSpecificSettings opens the entry's settings program or launcher URI; a game without one, or with a web URI, is refused (issue 24)", async () => {
    const t = setup();
    await t.launcher.openSettings('r6');
    await t.launcher.openSettings('dota');
    expect(t.runs).toEqual([
      ['C:\\Games\\R6\\R6Settings.exe', ['--display'], { detached: true }],
      ['C:\\Windows\\explorer.exe', ['steam://gameproperties/570'], { detached: true }],
    ]);
    // Settings open no game: nothing is watched, nothing reported.
    expect(t.launcher.watching()).toEqual([]);
    await expect(t.launcher.openSettings('fortnite')).rejects.toThrow('This game has no settings to open on this PC');
    await expect(t.launcher.openSettings('sneaky')).rejects.toThrow(/entry "sneaky" .* is invalid/);
    expect(t.runs).toHaveLength(2);
  });

  it('a missing entry or a program that is not installed is a CommandFailed, not a crash', async () => {
    const emitted: ShellToRenderer[] = [];
    const missingProgram = createCatalogLauncher({
      dataDir: tmpdir(),
      context: WIN,
      run: async () => {
        throw Object.assign(new Error('spawn D:\\Steam\\steam.exe -login u secret ENOENT'), { code: 'ENOENT' });
      },
      listProcesses: async () => new Set(),
      emit: () => {},
      log: () => {},
      loadCatalog: async () => catalog,
    });
    const router = createBridgeRouter({
      os: createDryRunOsActions({ recorder: createActionRecorder(), screenshotDir: '/tmp' }),
      connectionInfo: () => {
        throw new Error('unused');
      },
      emit: (m) => emitted.push(m),
      log: () => {},
      launcher: missingProgram,
    });
    await router.handle({ command: 'Launch', Json_ID: 'cs2', Username: 'u', Password: 'secret' });
    await router.handle({ command: 'Launch', Json_ID: 'nope' });
    await router.handle({ command: 'Launch' });
    expect(emitted).toEqual([
      { command: 'CommandFailed', failed: 'Launch', message: 'Cannot start the game: steam.exe is not installed on this PC' },
      { command: 'CommandFailed', failed: 'Launch', message: expect.stringMatching(/^This game is not set up on this PC/) },
      { command: 'CommandFailed', failed: 'Launch', message: expect.stringMatching(/^Invalid bridge message: Json_ID/) },
    ]);
    expect(JSON.stringify(emitted)).not.toContain('secret');
  });
});
