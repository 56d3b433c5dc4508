import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const projectDir = join(import.meta.dirname, '../..');
// app-builder-lib is electron-builder's own config loader and schema validator.
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const { getConfig, validateConfiguration } = fromBuilder('app-builder-lib/out/util/config/config') as {
  getConfig(dir: string, path: string, options: null): Promise<Record<string, unknown>>;
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const load = () => getConfig(projectDir, join(projectDir, 'electron-builder.yml'), null);

describe('electron-builder.yml', () => {
  it('passes electron-builder schema validation', async () => {
    await expect(validateConfiguration(await load(), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the validation would catch a typo', async () => {
    const config = await load();
    const broken = { ...config, nsis: { ...(config['nsis'] as object), perMachin: true } };
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/configuration\.nsis/);
  });

  it('packs the built app into an asar with hardened fuses and a per-machine NSIS installer', async () => {
    const config = await load();
    expect(config).toMatchObject({
      appId: 'iq.spawnpoint.station',
      productName: 'Spawnpoint',
      directories: { output: 'release/' },
      asar: true,
      electronFuses: {
        runAsNode: false,
        // issue 22: cookies on disk are encrypted with the OS key store
        enableCookieEncryption: true,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        enableEmbeddedAsarIntegrityValidation: true,
        onlyLoadAppFromAsar: true,
      },
      nsis: { perMachine: true, oneClick: false, allowToChangeInstallationDirectory: false },
      win: { target: [{ target: 'nsis' }] },
      linux: { target: ['AppImage', 'deb'] },
    });
    expect(JSON.stringify(config['files'])).toBe(JSON.stringify([{ filter: ['out/**', 'package.json'] }]));
  });
});

describe('the Windows installer', () => {
  it('includes build/installer.nsh, which asks for the server and station and starts the app at logon', async () => {
    const config = await load();
    expect(config['nsis']).toMatchObject({ include: 'build/installer.nsh', perMachine: true, oneClick: false });
    const { readFileSync } = await import('node:fs');
    const nsh = readFileSync(join(projectDir, 'build/installer.nsh'), 'utf8');
    // The electron-builder hooks it uses, each defined once.
    for (const macro of ['customInit', 'customPageAfterChangeDir', 'customInstall', 'customUnInstall']) {
      expect(nsh.match(new RegExp(`^!macro ${macro}$`, 'gm')), macro).toHaveLength(1);
    }
    expect(nsh).toContain('"$spawnpointDataDir\\station.json"');
    expect(nsh).toContain('{ "serverUrl": "$spawnpointServer", "stationId": "$spawnpointStation" }');
    // The optional pairing code (page field or /PAIRING=) goes into the same file, for the first start to exchange.
    expect(nsh).toContain('{ "serverUrl": "$spawnpointServer", "stationId": "$spawnpointStation", "pairingCode": "$spawnpointPairing" }');
    expect(nsh).toContain('${GetOptions} $R0 "/PAIRING=" $spawnpointPairing');
    expect(nsh).toMatch(/WriteRegStr HKLM "\$\{SPAWNPOINT_RUN_KEY\}"/);
    expect(nsh).toContain('!define SPAWNPOINT_RUN_KEY "Software\\Microsoft\\Windows\\CurrentVersion\\Run"');
    // Functions exist only in the installer pass: the uninstaller is compiled with -WX too.
    const guarded = nsh.slice(nsh.indexOf('!ifndef BUILD_UNINSTALLER'), nsh.indexOf('!endif ; BUILD_UNINSTALLER'));
    expect(nsh.match(/^Function /gm)?.length).toBe(guarded.match(/^Function /gm)?.length);
  });

  it('the packaged Windows app reads its config where the installer wrote it', async () => {
    const { defaultDataDir } = await import('../../src/main/station/data-dir.js');
    const base = { env: { ProgramData: 'C:\\ProgramData' }, userData: '/home/u/.config/Spawnpoint' };
    expect(defaultDataDir({ ...base, platform: 'win32', isPackaged: true })).toBe('C:\\ProgramData\\Spawnpoint');
    expect(defaultDataDir({ ...base, platform: 'win32', isPackaged: false })).toBe('/home/u/.config/Spawnpoint');
    expect(defaultDataDir({ ...base, platform: 'linux', isPackaged: true })).toBe('/var/lib/spawnpoint');
  });
});
