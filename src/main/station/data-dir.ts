/**
 * Where the station keeps station.json, games.json and screenshots unless
 * --data-dir or SPAWNPOINT_DATA_DIR say otherwise. The packaged Windows app
 * is installed per machine and its installer writes %ProgramData%\Spawnpoint
 * (build/installer.nsh), shared by every account that logs on; elsewhere
 * (Linux, development) it is Electron's per-user userData directory.
 */
import { win32 } from 'node:path';

export interface DataDirContext {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  env: NodeJS.ProcessEnv;
  /** Electron's app.getPath('userData'). */
  userData: string;
}

export function defaultDataDir({ platform, isPackaged, env, userData }: DataDirContext): string {
  if (platform === 'win32' && isPackaged) return win32.join(env['ProgramData'] ?? 'C:\\ProgramData', 'Spawnpoint');
  return userData;
}
