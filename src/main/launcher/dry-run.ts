/**
 * The demo's launcher: records the launch (without the password) and reports
 * the app as started. `close` plays the game closing (the web shell's test
 * hook POST /__shell/apps/close): AppClosed, and AccountReleased for a game
 * started with a centre account.
 */
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { ActionRecorder } from '../dry-run/recorder.js';
import type { GameLauncher } from './launcher.js';

export interface DryRunLauncherOptions {
  recorder: ActionRecorder;
  emit: (message: ShellToRenderer) => void;
}

export interface DryRunLauncher extends GameLauncher {
  /** Json_IDs "running", each with the centre account it was started with. */
  running(): Array<{ jsonId: string; accountId?: string }>;
  /** The game closes; false when it was not running. */
  close(jsonId: string): boolean;
}

export function createDryRunLauncher({ recorder, emit }: DryRunLauncherOptions): DryRunLauncher {
  const running = new Map<string, { accountId?: string }>();
  return {
    launch: async ({ jsonId, account }) => {
      recorder.record('launcher.launch', {
        jsonId,
        ...(account?.accountId ? { accountId: account.accountId } : {}),
        ...(account?.username ? { username: account.username } : {}),
        withPassword: Boolean(account?.password),
      });
      running.set(jsonId, account?.accountId ? { accountId: account.accountId } : {});
      emit({ command: 'AppLaunched', JsonID: jsonId });
    },
    openSettings: async (jsonId) => {
      recorder.record('launcher.settings', { jsonId });
    },
    running: () => [...running].map(([jsonId, app]) => ({ jsonId, ...app })),
    close(jsonId) {
      const app = running.get(jsonId);
      if (!app) return false;
      running.delete(jsonId);
      recorder.record('launcher.closed', { jsonId });
      emit({ command: 'AppClosed', JsonID: jsonId });
      if (app.accountId) emit({ command: 'AccountReleased', JsonID: jsonId, Account_ID: app.accountId });
      return true;
    },
  };
}
