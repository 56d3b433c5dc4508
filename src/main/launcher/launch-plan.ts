/**
 * What to run for a launch: a program and its argument array, never a
 * command string. A centre account is passed to the platform's own
 * command-line sign-in where one exists — only Steam has one
 * (steam.exe -login USER PASS -applaunch APPID); Epic, Riot, EA and Ubisoft
 * offer none, so such entries cannot use a centre account
 * (docs/game-catalog.md).
 */
import { win32 } from 'node:path';
import type { CatalogEntry } from './catalog.js';
import type { LaunchAccount } from './launcher.js';
import { LaunchError } from './launcher.js';

export interface LaunchPlan {
  file: string;
  args: string[];
  cwd?: string;
}

export interface PlanContext {
  platform: NodeJS.Platform;
  /** %SystemRoot% on Windows. */
  systemRoot?: string;
  /** The Steam client, for centre-account launches; default per platform. */
  steamExecutable?: string;
}

export const DEFAULT_STEAM_EXECUTABLE: Partial<Record<NodeJS.Platform, string>> = {
  win32: 'C:\\Program Files (x86)\\Steam\\steam.exe',
  linux: '/usr/games/steam',
};

/** The Steam app id of steam://rungameid/N or steam://run/N. */
export function steamAppId(uri: string): string | null {
  return /^steam:\/\/(?:rungameid|run)\/(\d{1,12})\/?$/.exec(uri)?.[1] ?? null;
}

/** Opens a URI with the OS's handler for its scheme; the URI is one argv element. */
function openUri(uri: string, context: PlanContext): LaunchPlan {
  if (context.platform === 'win32') {
    return { file: win32.join(context.systemRoot ?? 'C:\\Windows', 'explorer.exe'), args: [uri] };
  }
  if (context.platform === 'linux') return { file: 'xdg-open', args: [uri] };
  throw new LaunchError(`Launching games is not supported on ${context.platform}`);
}

export function launchPlan(entry: CatalogEntry, account: LaunchAccount | undefined, context: PlanContext): LaunchPlan {
  const withAccount = Boolean(account?.username && account.password);
  if (withAccount && entry.account !== 'steam') {
    throw new LaunchError('This game cannot be started with a centre account on this PC');
  }
  if (withAccount && account?.username && account.password) {
    const appId = 'uri' in entry ? steamAppId(entry.uri) : null;
    if (!appId) throw new LaunchError('A centre-account Steam game needs a steam://rungameid/N entry');
    const steam = context.steamExecutable ?? DEFAULT_STEAM_EXECUTABLE[context.platform];
    if (!steam) throw new LaunchError(`Steam sign-in is not supported on ${context.platform}`);
    return { file: steam, args: ['-login', account.username, account.password, '-applaunch', appId] };
  }
  if ('uri' in entry) return openUri(entry.uri, context);
  return { file: entry.executable, args: [...entry.args], ...(entry.cwd ? { cwd: entry.cwd } : {}) };
}
