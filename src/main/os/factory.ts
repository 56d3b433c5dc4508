/**
 * Picks the OS adapter: the dry-run recorder, or the real one for this
 * platform. A platform without an adapter gets one whose every action fails
 * with a clear message rather than a crash at startup.
 */
import type { ActionRecorder } from '../dry-run/recorder.js';
import { OsActionError } from './actions.js';
import type { OsActions } from './actions.js';
import { execFileRunner } from './command-runner.js';
import type { CommandRunner } from './command-runner.js';
import { createDryRunOsActions } from './dry-run.js';
import { createLinuxOsActions } from './linux.js';
import { createWindowsOsActions } from './windows.js';

export type OsMode = 'dry-run' | 'system';

export interface OsActionsOptions {
  mode: OsMode;
  platform: NodeJS.Platform;
  screenshotDir: string;
  /** Required for dry-run: where the calls are recorded. */
  recorder?: ActionRecorder;
  run?: CommandRunner;
  /** %SystemRoot% on Windows. */
  systemRoot?: string;
}

function unsupported(platform: string): OsActions {
  const fail = async (): Promise<never> => {
    throw new OsActionError(`OS actions are not supported on ${platform}`);
  };
  return {
    shutdown: fail,
    restart: fail,
    openTaskManager: fail,
    setVolume: fail,
    openSoundSettings: fail,
    openSoundMixer: fail,
    openMouseSettings: fail,
    screenshot: fail,
    renamePc: fail,
  };
}

export function createOsActions(options: OsActionsOptions): OsActions {
  const { mode, platform, screenshotDir, run = execFileRunner } = options;
  if (mode === 'dry-run') {
    if (!options.recorder) throw new Error('the dry-run OS adapter needs a recorder');
    return createDryRunOsActions({ recorder: options.recorder, screenshotDir });
  }
  switch (platform) {
    case 'win32':
      return createWindowsOsActions({
        run,
        screenshotDir,
        ...(options.systemRoot ? { systemRoot: options.systemRoot } : {}),
      });
    case 'linux':
      return createLinuxOsActions({ run, screenshotDir });
    default:
      return unsupported(platform);
  }
}
