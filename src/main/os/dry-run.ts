/**
 * The adapter the demo and the tests use: checks its input like the real
 * ones, then records the call instead of touching the machine.
 */
import type { ActionRecorder } from '../dry-run/recorder.js';
import { assertPcName, assertVolume, screenshotPath } from './actions.js';
import type { OsActions } from './actions.js';

export interface DryRunOsOptions {
  recorder: ActionRecorder;
  screenshotDir: string;
  now?: () => Date;
}

export function createDryRunOsActions({ recorder, screenshotDir, now = () => new Date() }: DryRunOsOptions): OsActions {
  const record = async (action: string, ...args: unknown[]): Promise<void> => {
    recorder.record(`os.${action}`, ...args);
  };
  return {
    shutdown: () => record('shutdown'),
    restart: () => record('restart'),
    openTaskManager: () => record('openTaskManager'),
    setVolume: async (percent) => {
      assertVolume(percent);
      await record('setVolume', percent);
    },
    openSoundSettings: () => record('openSoundSettings'),
    openSoundMixer: () => record('openSoundMixer'),
    openMouseSettings: () => record('openMouseSettings'),
    screenshot: async () => {
      const path = screenshotPath(screenshotDir, now());
      await record('screenshot', path);
      return path;
    },
    renamePc: async (name) => {
      assertPcName(name);
      await record('renamePc', name);
    },
  };
}
