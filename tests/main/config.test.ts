import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  mergeStationConfig,
  parseConfigArgs,
  parseConfigEnv,
  parseConfigFile,
} from '../../src/main/station/config.js';
import { loadStationConfig } from '../../src/main/station/config-loader.js';
import { buildConnectionInfo } from '../../src/main/station/connection-info.js';
import { defaultDataDir } from '../../src/main/station/data-dir.js';
import { readFlags } from '../../src/main/station/flags.js';

const FILE = '/srv/station/station.json';

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('readFlags', () => {
  it('reads --name value and --name=value, and returns what it does not know', () => {
    const flags = readFlags(['/app', '--server', 'http://a', '--mac=AA', '--windowed', '--no-sandbox'], {
      strings: ['server', 'mac'],
      booleans: ['windowed'],
    });
    expect(Object.fromEntries(flags.strings)).toEqual({ server: 'http://a', mac: 'AA' });
    expect([...flags.booleans]).toEqual(['windowed']);
    expect(flags.unknown).toEqual(['/app', '--no-sandbox']);
    expect(flags.errors).toEqual([]);
  });

  it('does not take the next flag as a value', () => {
    const flags = readFlags(['--server', '--mac', 'X'], { strings: ['server', 'mac'] });
    expect(flags.errors).toEqual(['--server needs a value']);
    expect(flags.strings.get('mac')).toBe('X');
  });
});

describe('parseConfigFile', () => {
  it('accepts a valid file and normalizes the MAC and the URL', () => {
    const text = JSON.stringify({
      serverUrl: 'https://cafe.example/',
      stationId: 'st-7',
      macAddress: 'aa-bb-cc-dd-ee-ff',
      pcName: 'PC-07',
    });
    expect(parseConfigFile(text, FILE)).toEqual({
      serverUrl: 'https://cafe.example',
      stationId: 'st-7',
      macAddress: 'AA:BB:CC:DD:EE:FF',
      pcName: 'PC-07',
    });
  });

  it.each([
    ['invalid JSON', '{"serverUrl": ', /the file is not valid JSON/],
    ['a JSON array', '[]', /must contain a JSON object/],
    ['a wrong type', '{"stationId": 7}', /field "stationId" must be a string, not a number \(got 7\)/],
    ['a bad URL', '{"serverUrl": "not a url"}', /field "serverUrl" must be an http:\/\/ or https:\/\/ URL/],
    ['a non-http URL', '{"serverUrl": "ftp://cafe"}', /field "serverUrl" must be an http:\/\/ or https:\/\/ URL/],
    ['a bad MAC', '{"macAddress": "12:34"}', /field "macAddress" must be a MAC address like AA:BB:CC:DD:EE:FF \(got "12:34"\)/],
    ['an empty station id', '{"stationId": "  "}', /field "stationId" must not be empty/],
    ['a PC name with shell characters', '{"pcName": "x; rm -rf /"}', /field "pcName" must be 1–64/],
    ['an unknown field', '{"serverURL": "http://a"}', /unknown field "serverURL"/],
  ])('names the file and the field for %s', (_case, text, pattern) => {
    const error = errorOf(() => parseConfigFile(text, FILE));
    expect(error.message).toContain(`Invalid station config in ${FILE}`);
    expect(error.message).toMatch(pattern);
    expect(error.message).not.toMatch(/\n\s+at /); // no stack trace in the message
  });

  it('lists every bad field at once', () => {
    const error = errorOf(() => parseConfigFile('{"macAddress": "x", "serverUrl": "y"}', FILE));
    expect(error.message).toMatch(/serverUrl/);
    expect(error.message).toMatch(/macAddress/);
  });
});

describe('parseConfigEnv and parseConfigArgs', () => {
  it('reads the SPAWNPOINT_* variables, ignoring empty ones', () => {
    const env = {
      SPAWNPOINT_SERVER: 'http://10.0.0.1:3000',
      SPAWNPOINT_STATION_ID: 'st-2',
      SPAWNPOINT_MAC: '',
      SPAWNPOINT_PC_NAME: 'PC-02',
      SPAWNPOINT_CONFIG: '/etc/spawnpoint.json',
    };
    expect(parseConfigEnv(env)).toEqual({
      settings: { serverUrl: 'http://10.0.0.1:3000', stationId: 'st-2', pcName: 'PC-02' },
      configPath: '/etc/spawnpoint.json',
    });
  });

  it('names the variable of a bad value', () => {
    expect(errorOf(() => parseConfigEnv({ SPAWNPOINT_MAC: 'nope' })).message).toMatch(
      /in the environment:\n {2}- SPAWNPOINT_MAC must be a MAC address/,
    );
  });

  it('reads the flags and names the flag of a bad or missing value', () => {
    expect(parseConfigArgs(['--server', 'http://a:1', '--station-id=s', '--config', 'c.json', '--data-dir', 'd'])).toEqual({
      settings: { serverUrl: 'http://a:1', stationId: 's' },
      configPath: 'c.json',
      dataDir: 'd',
    });
    const error = errorOf(() => parseConfigArgs(['--server', 'x', '--mac']));
    expect(error.message).toMatch(/on the command line/);
    expect(error.message).toMatch(/--server must be an http/);
    expect(error.message).toMatch(/--mac needs a value/);
  });
});

describe('mergeStationConfig', () => {
  it('lets later layers win', () => {
    const config = mergeStationConfig(
      '/data',
      [{ serverUrl: 'http://default' }, { serverUrl: 'http://file', stationId: 'file' }, { stationId: 'env' }, { pcName: 'cli' }],
      FILE,
    );
    expect(config).toEqual({ serverUrl: 'http://file', stationId: 'env', pcName: 'cli', dataDir: '/data' });
  });

  it('says how to set a missing required field', () => {
    const error = errorOf(() => mergeStationConfig('/data', [{ serverUrl: 'http://a' }], FILE));
    expect(error.message).toMatch(
      `stationId is not set: put "stationId" in ${FILE}, set SPAWNPOINT_STATION_ID or pass --station-id`,
    );
    expect(error.message).not.toMatch(/serverUrl is not set/);
  });
});

describe('loadStationConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-config-'));
  writeFileSync(join(dir, 'station.json'), JSON.stringify({ serverUrl: 'http://file:1', stationId: 'file', pcName: 'FILE' }));

  it('merges file < environment < flags, reading station.json in the data dir', () => {
    const config = loadStationConfig({
      argv: ['--pc-name', 'FLAG'],
      env: { SPAWNPOINT_STATION_ID: 'env', SPAWNPOINT_PC_NAME: 'ENV' },
      defaultDataDir: dir,
    });
    expect(config).toEqual({ serverUrl: 'http://file:1', stationId: 'env', pcName: 'FLAG', dataDir: resolve(dir) });
  });

  it('takes the defaults below the file', () => {
    const config = loadStationConfig({
      argv: [],
      env: {},
      defaultDataDir: dir,
      defaults: { serverUrl: 'http://default', macAddress: 'AA:AA:AA:AA:AA:AA' },
    });
    expect(config.serverUrl).toBe('http://file:1');
    expect(config.macAddress).toBe('AA:AA:AA:AA:AA:AA');
  });

  it('works without a file at the default place', () => {
    const config = loadStationConfig({
      argv: ['--server', 'http://s', '--station-id', 'x'],
      env: {},
      defaultDataDir: join(dir, 'empty'),
    });
    expect(config.stationId).toBe('x');
  });

  it('fails when a file named by --config or SPAWNPOINT_CONFIG does not exist', () => {
    const missing = join(dir, 'missing.json');
    expect(() => loadStationConfig({ argv: ['--config', missing], env: {}, defaultDataDir: dir })).toThrow(
      `Station config file ${missing} does not exist.`,
    );
    expect(() => loadStationConfig({ argv: [], env: { SPAWNPOINT_CONFIG: missing }, defaultDataDir: dir })).toThrow(
      ConfigError,
    );
  });

  it('names the file given by --config in its errors', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"macAddress": 42}');
    expect(() => loadStationConfig({ argv: [`--config=${bad}`], env: {}, defaultDataDir: dir })).toThrow(
      `Invalid station config in ${bad}:\n  - field "macAddress" must be a string, not a number (got 42)`,
    );
  });
});

describe('buildConnectionInfo', () => {
  const config = { serverUrl: 'http://cafe:3000', stationId: 'st-1', dataDir: '/d' };
  const identity = { macAddress: 'AA:BB:CC:DD:EE:FF', ipAddress: '192.168.1.9', pcName: 'OS-NAME' };

  it('combines the config and the OS identity, the config overriding MAC and PC name', () => {
    expect(buildConnectionInfo(config, identity)).toEqual({ ...identity, stationId: 'st-1', serverUrl: 'http://cafe:3000' });
    expect(buildConnectionInfo({ ...config, macAddress: '11:22:33:44:55:66', pcName: 'PC-9' }, identity)).toMatchObject({
      macAddress: '11:22:33:44:55:66',
      pcName: 'PC-9',
    });
  });

  it('fails clearly without any MAC address', () => {
    expect(() => buildConnectionInfo(config, { ...identity, macAddress: null })).toThrow(/set the MAC address with --mac/);
  });
});

describe('pairing code and server fingerprint', () => {
  const FP = 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';

  it.each([
    ['K7M2-Q9XD', 'K7M2-Q9XD'],
    ['k7m2q9xd', 'K7M2-Q9XD'],
    ['  k7m2-q9xd ', 'K7M2-Q9XD'],
  ])('reads the pairing code %j from the file, the environment and the flag as %s', (code, normalized) => {
    expect(parseConfigFile(JSON.stringify({ pairingCode: code }), FILE)).toEqual({ pairingCode: normalized });
    expect(parseConfigEnv({ SPAWNPOINT_PAIRING_CODE: code }).settings).toEqual({ pairingCode: normalized });
    expect(parseConfigArgs(['--pairing-code', code]).settings).toEqual({ pairingCode: normalized });
  });

  it.each(['K7M2-Q9X', 'K7M2-Q9XDD', 'K7M2_Q9XD', 'ILOU-1234', 'K7M2--Q9XD'])(
    'refuses the pairing code %j without repeating it',
    (code) => {
      const error = errorOf(() => parseConfigArgs(['--pairing-code', code]));
      expect(error.message).toBe(
        'Invalid station config on the command line:\n  - --pairing-code must be the 8-character code shown by `npm run cafe -- pair` (XXXX-XXXX)',
      );
      expect(errorOf(() => parseConfigFile(JSON.stringify({ pairingCode: code }), FILE)).message).not.toContain(code);
    },
  );

  it('reads serverFingerprint in upper case and refuses anything else', () => {
    expect(parseConfigFile(JSON.stringify({ serverFingerprint: FP.toLowerCase() }), FILE)).toEqual({ serverFingerprint: FP });
    expect(errorOf(() => parseConfigFile('{"serverFingerprint": "AB:CD"}', FILE)).message).toMatch(
      /field "serverFingerprint" must be a SHA-256 certificate fingerprint: 32 hex bytes joined by colons/,
    );
    expect(errorOf(() => parseConfigFile(JSON.stringify({ serverFingerprint: FP.replace(/:/g, '') }), FILE)).message).toMatch(
      /serverFingerprint/,
    );
  });
});

describe('the packaged app reads only the machine station.json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-machine-'));
  writeFileSync(
    join(dir, 'station.json'),
    JSON.stringify({ serverUrl: 'https://cafe.lan:4443', stationId: 'st-03', pairingCode: 'k7m2q9xd' }),
  );
  const load = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
    loadStationConfig({ argv, env, defaultDataDir: dir, machineOnly: true });

  it('takes the file in the machine data directory', () => {
    expect(load(['--windowed', '--no-sandbox'])).toEqual({
      serverUrl: 'https://cafe.lan:4443',
      stationId: 'st-03',
      pairingCode: 'K7M2-Q9XD',
      dataDir: resolve(dir),
    });
  });

  it.each([
    [['--server', 'http://evil.example:4000'], {}, '--server'],
    [['--station-id=st-01'], {}, '--station-id'],
    [['--config', '/tmp/mine.json'], {}, '--config'],
    [['--data-dir', '/tmp/mine'], {}, '--data-dir'],
    [['--pairing-code', 'K7M2-Q9XD'], {}, '--pairing-code'],
    [['--server-fingerprint'], {}, '--server-fingerprint'],
    [[], { SPAWNPOINT_SERVER: 'http://evil.example:4000' }, 'SPAWNPOINT_SERVER'],
    [[], { SPAWNPOINT_CONFIG: '/tmp/mine.json' }, 'SPAWNPOINT_CONFIG'],
    [[], { SPAWNPOINT_DATA_DIR: '/tmp/mine' }, 'SPAWNPOINT_DATA_DIR'],
  ] as const)('refuses the override %j %j, naming it', (argv, env, named) => {
    const error = errorOf(() => load([...argv], env));
    expect(error.message).toBe(
      `The installed station reads its configuration only from ${join(resolve(dir), 'station.json')} (written by the installer, changed by administrators). ` +
        `Remove ${named} and put the setting in that file instead.`,
    );
  });

  it.each([
    ['http://192.168.1.10:4000', 'refused'],
    ['http://cafe.lan:4000', 'refused'],
    ['http://10.0.0.5', 'refused'],
    ['http://[fe80::1]:4000', 'refused'],
    ['http://127.0.0.1:4000', 'accepted'],
    ['http://127.8.9.10:4000', 'accepted'],
    ['http://localhost:4000', 'accepted'],
    ['http://[::1]:4000', 'accepted'],
    ['https://192.168.1.10:4443', 'accepted'],
    ['https://cafe.lan', 'accepted'],
  ])('issue 22: the installed station refuses plain http to %s unless it is loopback (%s)', (serverUrl, outcome) => {
    const machine = mkdtempSync(join(tmpdir(), 'spawnpoint-machine-http-'));
    writeFileSync(join(machine, 'station.json'), JSON.stringify({ serverUrl, stationId: 'st-03' }));
    const load = () => loadStationConfig({ argv: [], env: {}, defaultDataDir: machine, machineOnly: true });
    if (outcome === 'accepted') {
      expect(load().serverUrl).toBe(serverUrl);
      return;
    }
    expect(load).toThrow(/is plain http: the installed station only talks to a cafe server over https/);
    expect(load).toThrow(`Set serverUrl to https://${new URL(serverUrl).host}`);
    // A development build (npm start, the web shell) still takes it.
    expect(loadStationConfig({ argv: [], env: {}, defaultDataDir: machine }).serverUrl).toBe(serverUrl);
  });

  it('fails clearly when the installer wrote no file', () => {
    const empty = mkdtempSync(join(tmpdir(), 'spawnpoint-machine-empty-'));
    expect(() => loadStationConfig({ argv: [], env: {}, defaultDataDir: empty, machineOnly: true })).toThrow(
      /station.json does not exist: reinstall Spawnpoint or write it as an administrator/,
    );
  });
});

describe('machine data directory', () => {
  it('is admin-only in packaged builds: %ProgramData%\\Spawnpoint on Windows, /var/lib/spawnpoint on Linux', () => {
    const base = { env: { ProgramData: 'D:\\ProgramData' }, userData: '/home/u/.config/Spawnpoint' };
    expect(defaultDataDir({ ...base, platform: 'win32', isPackaged: true })).toBe('D:\\ProgramData\\Spawnpoint');
    expect(defaultDataDir({ ...base, platform: 'linux', isPackaged: true })).toBe('/var/lib/spawnpoint');
    expect(defaultDataDir({ ...base, platform: 'linux', isPackaged: false })).toBe('/home/u/.config/Spawnpoint');
    expect(defaultDataDir({ ...base, platform: 'win32', isPackaged: false })).toBe('/home/u/.config/Spawnpoint');
  });
});

describe('connection info with a credential', () => {
  it('carries the credential only when the station has one', () => {
    const config = { serverUrl: 'http://cafe:3000', stationId: 'st-1', dataDir: '/d' };
    const identity = { macAddress: 'AA:BB:CC:DD:EE:FF', ipAddress: '192.168.1.9', pcName: 'OS-NAME' };
    const credential = `spst_${'x'.repeat(43)}`;
    expect(buildConnectionInfo(config, identity, credential).stationCredential).toBe(credential);
    expect(buildConnectionInfo(config, identity)).not.toHaveProperty('stationCredential');
  });
});
