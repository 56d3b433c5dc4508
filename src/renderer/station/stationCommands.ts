/**
 * SPEC §4/§7 remote station commands. A stationCommand is acted on only when
 * it names this station; the same command (command, station, timestamp) seen
 * again within COMMAND_DEDUP_WINDOW_MS is ignored. Commands reach the shell's
 * OS actions through the bridge; LOGOUT_USER logs the user out.
 */
import type { RendererToShell, SpawnpointBridge } from '../../shared/bridge/protocol.js';
import { rendererToShellSchema } from '../../shared/bridge/protocol.js';
import { COMMAND_DEDUP_WINDOW_MS } from '../../shared/constants.js';
import type { MessageKey } from '../../shared/i18n/en.js';
import type { ServerToClientPayloads, StationCommandName } from '../../shared/socket/events.js';
import type { ConnectionService } from '../core/connection/connectionService.js';

type StationCommand = ServerToClientPayloads['stationCommand'];

export interface StationCommandDeps {
  connection: Pick<ConnectionService, 'on'>;
  bridge: Pick<SpawnpointBridge, 'send'>;
  getStationId: () => string | null;
  logout: () => void;
  /** Show an error toast for a catalog key. */
  notifyError: (key: MessageKey) => void;
  /** Milliseconds, monotonic enough for the dedup window. */
  nowMs?: () => number;
  log?: Pick<Console, 'info' | 'warn'>;
}

const SHELL_COMMANDS: Partial<Record<StationCommandName, RendererToShell>> = {
  OPEN_TASK_MANAGER: { command: 'OpenTaskManager' },
  RESTART_PC: { command: 'SystemRestart' },
  RESTART: { command: 'SystemRestart' },
  SHUTDOWN_PC: { command: 'SystemShutdown' },
  SHUTDOWN: { command: 'SystemShutdown' },
};

/** The RenamePC message for a new name, or null when the shell could not accept the name. */
export function renameMessage(newName: string | undefined): RendererToShell | null {
  const parsed = rendererToShellSchema.safeParse({ command: 'RenamePC', newName: newName?.trim() ?? '' });
  return parsed.success ? parsed.data : null;
}

export class StationCommandHandler {
  /** dedup key → when it was first seen */
  private readonly seen = new Map<string, number>();
  private readonly nowMs: () => number;
  private readonly log: Pick<Console, 'info' | 'warn'>;

  constructor(private readonly deps: StationCommandDeps) {
    this.nowMs = deps.nowMs ?? (() => Date.now());
    this.log = deps.log ?? console;
  }

  attach(): () => void {
    return this.deps.connection.on('stationCommand', (payload) => this.handle(payload));
  }

  /** Returns whether the command was acted on. */
  handle(payload: StationCommand): boolean {
    if (payload.stationId !== this.deps.getStationId()) return false;
    const now = this.nowMs();
    for (const [key, at] of this.seen) if (now - at >= COMMAND_DEDUP_WINDOW_MS) this.seen.delete(key);
    const key = `${payload.command}|${payload.stationId}|${String(payload.timestamp)}`;
    if (this.seen.has(key)) {
      this.log.info(`[command] duplicate ${payload.command} ignored`);
      return false;
    }
    this.seen.set(key, now);
    this.log.info(`[command] ${payload.command}`);
    this.run(payload);
    return true;
  }

  private run(payload: StationCommand): void {
    if (payload.command === 'LOGOUT_USER') return this.deps.logout();
    if (payload.command === 'RENAME_PC') {
      const message = renameMessage(payload.newName);
      if (message) return this.deps.bridge.send(message);
      this.log.warn(`[command] unusable PC name: ${JSON.stringify(payload.newName ?? '')}`);
      return this.deps.notifyError('command.renameFailed');
    }
    const message = SHELL_COMMANDS[payload.command];
    if (message) this.deps.bridge.send(message);
  }
}
