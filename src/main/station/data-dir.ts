/**
 * Where the station keeps station.json, games.json, station-credential.json
 * and screenshots unless --data-dir or SPAWNPOINT_DATA_DIR say otherwise
 * (which the packaged app refuses, config-loader.ts). The packaged app uses
 * the machine's data directory, writable by administrators only: on Windows
 * %ProgramData%\Spawnpoint, which the per-machine installer writes
 * (build/installer.nsh), on Linux /var/lib/spawnpoint (the package's
 * post-install or the technician creates it). In development it is
 * Electron's per-user userData directory.
 */
import { win32 } from 'node:path';

export interface DataDirContext {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  env: NodeJS.ProcessEnv;
  /** Electron's app.getPath('userData'). */
  userData: string;
}

export const LINUX_MACHINE_DATA_DIR = '/var/lib/spawnpoint';

export function defaultDataDir({ platform, isPackaged, env, userData }: DataDirContext): string {
  if (!isPackaged) return userData;
  if (platform === 'win32') return win32.join(env['ProgramData'] ?? 'C:\\ProgramData', 'Spawnpoint');
  if (platform === 'linux') return LINUX_MACHINE_DATA_DIR;
  return userData;
}
