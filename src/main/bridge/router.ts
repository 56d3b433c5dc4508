/**
 * SPEC §7 native bridge, shell side: one router for every transport
 * (Electron IPC, the web shell's WebSocket). It validates each message from
 * the renderer, hands it to the right adapter and emits the replies. It never
 * throws: a bad message or a failed action becomes CommandFailed.
 */
import { parseRendererMessage } from '../../shared/bridge/protocol.js';
import type { RendererToShell, ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { ConnectionInfo } from '../../shared/entities.js';
import { LaunchError, NO_SETTINGS_MESSAGE, createUnconfiguredLauncher } from '../launcher/launcher.js';
import type { GameLauncher } from '../launcher/launcher.js';
import { createMissingNfcReader } from '../nfc/reader.js';
import type { NfcReader } from '../nfc/reader.js';
import type { OsActions } from '../os/actions.js';
import type { ScreenshotUploader } from '../screenshots/screenshot-upload.js';
import { commandOf, describeMessage, errorText, rejectionReason } from './describe.js';

/** Messages that only tell the shell what happened in the renderer. */
export const NOTIFICATION_COMMANDS = [
  'UserLogin',
  'UserLogout',
  'AdminLogin',
  'AdminLogout',
  'ScreenLocked',
  'ScreenUnlocked',
  'ConnectionLost',
  'ConnectionRestored',
  'TimeRemaining',
  'WindowFocus',
  'WindowUnfocus',
  'SignOutAdmin',
  'GamesUpdated',
  'R6ServerRequest',
] as const satisfies readonly RendererToShell['command'][];
export type ShellNotification = Extract<RendererToShell, { command: (typeof NOTIFICATION_COMMANDS)[number] }>;

export interface BridgeRouterDeps {
  os: OsActions;
  /** May wait (for the enrolment at start-up, bounded by its timeout). */
  connectionInfo: () => ConnectionInfo | Promise<ConnectionInfo>;
  emit: (message: ShellToRenderer) => void;
  log: (line: string) => void;
  /** Defaults to a launcher with no entries (every Launch fails, saying so). */
  launcher?: GameLauncher;
  /** Defaults to "no reader connected". */
  nfc?: NfcReader;
  /** Receives the notifications; the dry-run wiring records them. */
  notify?: (notification: ShellNotification) => void;
  /** Told the volume the renderer set (and was answered with), so the volume watch does not report it again. */
  volumeSet?: (volume: number) => void;
  /** Uploads a screenshot staff asked for (issue 24); without it such a request fails, saying so. */
  screenshots?: ScreenshotUploader;
}

export interface BridgeRouter {
  /**
   * Handles one raw message from the renderer. Messages are handled one at a
   * time, in arrival order (a volume slider's last value wins, NFC_DISABLE
   * follows NFC_ENABLE). Resolves when this message is done; never rejects.
   */
  handle(raw: unknown): Promise<void>;
}

const isNotification = (message: RendererToShell): message is ShellNotification =>
  (NOTIFICATION_COMMANDS as readonly string[]).includes(message.command);

export function createBridgeRouter(deps: BridgeRouterDeps): BridgeRouter {
  const { os, emit, log } = deps;
  const launcher = deps.launcher ?? createUnconfiguredLauncher();
  const nfc = deps.nfc ?? createMissingNfcReader();

  const commandFailed = (failed: string, message: string) => {
    try {
      emit({ command: 'CommandFailed', failed, message });
    } catch (error) {
      log(`bridge: could not report the failure of ${failed}: ${errorText(error)}`);
    }
  };

  async function dispatch(message: RendererToShell): Promise<void> {
    if (isNotification(message)) {
      deps.notify?.(message);
      return;
    }
    switch (message.command) {
      case 'GimmeData':
        return emit({ command: 'HereTheData', data: await deps.connectionInfo() });
      case 'StartUp':
        return emit({ command: 'StartUpCompleted' });
      case 'SystemSoundVolume': {
        const volume = Number(message.volume);
        await os.setVolume(volume);
        deps.volumeSet?.(volume);
        return emit({ command: 'SystemVolumeChanged', volume });
      }
      case 'SystemSoundSettings':
        return os.openSoundSettings();
      case 'SystemSoundMixer':
        return os.openSoundMixer();
      case 'SystemMouseSettings':
        return os.openMouseSettings();
      case 'SystemShutdown':
        return os.shutdown();
      case 'SystemRestart':
        return os.restart();
      case 'OpenTaskManager':
        return os.openTaskManager();
      case 'ScreenShot': {
        const { id, uploadPath } = message;
        if (id === undefined || uploadPath === undefined) return emit({ command: 'ScreenShotTaken', path: await os.screenshot() });
        if (!deps.screenshots) throw new Error('This shell cannot send screenshots to the server.');
        // Capture and upload run beside the queue (volume or launch wait for no upload); the uploader takes one at a time.
        void deps.screenshots.take({ id, uploadPath }).then((outcome) => {
          if (outcome.ok) emit({ command: 'ScreenShotTaken', path: outcome.path, id });
          else commandFailed('ScreenShot', outcome.message);
        });
        return;
      }
      case 'RenamePC':
        return os.renamePc(message.newName);
      case 'GameSpecificSettings':
        if (!launcher.openSettings) throw new LaunchError(NO_SETTINGS_MESSAGE);
        return launcher.openSettings(message.Json_ID);
      case 'NFC_ENABLE':
        return nfc.enable();
      case 'NFC_DISABLE':
        return nfc.disable();
      case 'Launch': {
        const { Json_ID, Account_ID, Username, Password } = message;
        const account = {
          ...(Account_ID ? { accountId: Account_ID } : {}),
          ...(Username ? { username: Username } : {}),
          ...(Password ? { password: Password } : {}),
        };
        return launcher.launch({ jsonId: Json_ID, ...(Object.keys(account).length > 0 ? { account } : {}) });
      }
      default: {
        const unhandled: never = message;
        throw new Error(`no handler for ${commandOf(unhandled)}`);
      }
    }
  }

  async function handleOne(raw: unknown): Promise<void> {
    const parsed = parseRendererMessage(raw);
    if (!parsed.ok) {
      const reason = rejectionReason(raw, parsed.error);
      log(`bridge: rejected ${commandOf(raw)} message: ${reason}`);
      commandFailed(commandOf(raw), `Invalid bridge message: ${reason}`);
      return;
    }
    const message = parsed.message;
    log(`bridge: <- ${describeMessage(message)}`);
    try {
      await dispatch(message);
    } catch (error) {
      log(`bridge: ${message.command} failed: ${errorText(error)}`);
      commandFailed(message.command, errorText(error));
    }
  }

  let queue: Promise<void> = Promise.resolve();
  return {
    handle(raw) {
      queue = queue.then(() => handleOne(raw));
      return queue;
    },
  };
}
