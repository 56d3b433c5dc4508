/**
 * SPEC §7 native bridge, typed by command: `bridge.on('AppLaunched', handler)`
 * hands the handler only that command's message, already narrowed, the way
 * `connection.on` does for socket events. One listener on the raw bridge
 * dispatches to every subscriber.
 */
import type {
  RendererToShell,
  ShellToRenderer,
  ShellToRendererCommand,
  SpawnpointBridge,
} from '../../../shared/bridge/protocol.js';
import { Emitter } from '../events.js';

export type ShellMessage<C extends ShellToRendererCommand> = Extract<ShellToRenderer, { command: C }>;
type ByCommand = { [C in ShellToRendererCommand]: ShellMessage<C> };

export class ShellBridge implements SpawnpointBridge {
  private readonly byCommand: Emitter<ByCommand>;
  private readonly every: Emitter<{ message: ShellToRenderer }>;
  private detach: (() => void) | null = null;

  constructor(
    private readonly raw: SpawnpointBridge,
    log: Pick<Console, 'error'> = console,
  ) {
    const onError = (command: string, error: unknown) => log.error(`[bridge] ${command} handler failed`, error);
    this.byCommand = new Emitter<ByCommand>((command, error) => onError(String(command), error));
    this.every = new Emitter<{ message: ShellToRenderer }>((_, error) => onError('message', error));
  }

  send(message: RendererToShell): void {
    this.raw.send(message);
  }

  /** Subscribe to one shell command. Returns the unsubscribe function. */
  on<C extends ShellToRendererCommand>(command: C, handler: (message: ShellMessage<C>) => void): () => void {
    this.attach();
    return this.byCommand.on(command, handler);
  }

  /** Every message (the transport's view); prefer `on`. */
  onMessage(listener: (message: ShellToRenderer) => void): () => void {
    this.attach();
    return this.every.on('message', listener);
  }

  private attach(): void {
    if (this.detach) return;
    this.detach = this.raw.onMessage((message) => {
      this.byCommand.emit(message.command, message as ByCommand[typeof message.command]);
      this.every.emit('message', message);
    });
  }
}

/** What a service that only listens needs. */
export type ShellListener = Pick<ShellBridge, 'on'>;
