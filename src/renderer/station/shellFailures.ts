/**
 * The shell's CommandFailed (a launch, an OS action it could not carry out)
 * reaches the customer as a clear, translated error toast; the shell's own
 * text goes to the log.
 */
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { ShellListener } from '../core/bridge/shellBridge.js';
import type { MessageKey } from '../../shared/i18n/en.js';

type CommandFailed = Extract<ShellToRenderer, { command: 'CommandFailed' }>;

/** The catalog key for a failed shell command. */
export function commandFailedMessage(failure: Pick<CommandFailed, 'failed'>): MessageKey {
  if (failure.failed === 'Launch') return 'error.shell.launch';
  if (failure.failed === 'GameSpecificSettings') return 'error.shell.settings';
  return 'error.shell.command';
}

export interface ShellFailureDeps {
  bridge: ShellListener;
  /** Show an error toast for a catalog key. */
  notifyError: (key: MessageKey) => void;
  log?: Pick<Console, 'warn'>;
}

/** Start telling the customer about failed shell commands; returns the stop function. */
export function followShellFailures(deps: ShellFailureDeps): () => void {
  const log = deps.log ?? console;
  return deps.bridge.on('CommandFailed', (message) => {
    log.warn(`[shell] ${message.failed} failed: ${message.message}`);
    // A screenshot is staff's request, not the customer's (issue 24): its failure is staff's to see, on the console.
    if (message.failed === 'ScreenShot') return;
    deps.notifyError(commandFailedMessage(message));
  });
}
