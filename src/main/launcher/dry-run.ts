/** The demo's launcher: records the launch (without the password) and reports the app as started. */
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { ActionRecorder } from '../dry-run/recorder.js';
import type { GameLauncher } from './launcher.js';

export interface DryRunLauncherOptions {
  recorder: ActionRecorder;
  emit: (message: ShellToRenderer) => void;
}

export function createDryRunLauncher({ recorder, emit }: DryRunLauncherOptions): GameLauncher {
  return {
    launch: async ({ jsonId, account }) => {
      recorder.record('launcher.launch', {
        jsonId,
        ...(account?.accountId ? { accountId: account.accountId } : {}),
        ...(account?.username ? { username: account.username } : {}),
        withPassword: Boolean(account?.password),
      });
      emit({ command: 'AppLaunched', JsonID: jsonId });
    },
  };
}
