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
