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

export type ShellMessage<C extends ShellToRendererCommand> = Extract<ShellToRenderer, { command: C }>;
type AnyHandler = (message: ShellToRenderer) => void;

export class ShellBridge implements SpawnpointBridge {
  private readonly handlers = new Map<ShellToRendererCommand, Set<AnyHandler>>();
  private readonly listeners = new Set<AnyHandler>();
  private detach: (() => void) | null = null;

  constructor(
    private readonly raw: SpawnpointBridge,
    private readonly log: Pick<Console, 'error'> = console,
  ) {}

  send(message: RendererToShell): void {
    this.raw.send(message);
  }

  /** Subscribe to one shell command. Returns the unsubscribe function. */
  on<C extends ShellToRendererCommand>(command: C, handler: (message: ShellMessage<C>) => void): () => void {
    let set = this.handlers.get(command);
    if (!set) {
      set = new Set();
      this.handlers.set(command, set);
    }
    const stored = handler as AnyHandler;
    set.add(stored);
    this.attach();
    return () => {
      set.delete(stored);
    };
  }

  /** Every message (the transport's view); prefer `on`. */
  onMessage(listener: (message: ShellToRenderer) => void): () => void {
    this.listeners.add(listener);
    this.attach();
    return () => {
      this.listeners.delete(listener);
    };
  }

  private attach(): void {
    if (this.detach) return;
    this.detach = this.raw.onMessage((message) => this.dispatch(message));
  }

  private dispatch(message: ShellToRenderer): void {
    const targets = [...(this.handlers.get(message.command) ?? []), ...this.listeners];
    for (const handler of targets) {
      try {
        handler(message);
      } catch (error) {
        this.log.error(`[bridge] ${message.command} handler failed`, error);
      }
    }
  }
}

/** What a service that only listens needs. */
export type ShellListener = Pick<ShellBridge, 'on'>;
