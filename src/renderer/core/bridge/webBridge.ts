/**
 * The bridge in a plain browser: a WebSocket to the web shell's /bridge path
 * on the page's own host. One JSON text frame per message each way. Received
 * frames are validated with the shared schema and invalid ones dropped (SPEC
 * §5); sends are queued while the socket is not open; a closed socket is
 * reopened after a short delay.
 */
import {
  parseShellMessage,
  type RendererToShell,
  type ShellToRenderer,
  type SpawnpointBridge,
} from '../../../shared/bridge/protocol.js';
import { globalTimers, type TimerId, type Timers } from '../time/timers.js';

/** How long to wait before reopening a closed bridge socket. */
export const BRIDGE_RECONNECT_DELAY_MS = 1_000;

/** The part of the WebSocket API the bridge uses (a fake in tests). */
export interface BridgeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface WebBridgeOptions {
  url: string;
  createSocket?: (url: string) => BridgeSocket;
  timers?: Timers;
  log?: Pick<Console, 'warn' | 'info'>;
}

const OPEN = 1;

/** ws(s)://host/bridge for the page's location. */
export function webBridgeUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}

/** Turn one received frame into a shell message, or null (logged) if invalid. */
export function decodeShellFrame(
  data: unknown,
  log: Pick<Console, 'warn'> = console,
): ShellToRenderer | null {
  if (typeof data !== 'string') {
    log.warn('[bridge] dropped a non-text frame');
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    log.warn('[bridge] dropped a frame that is not JSON');
    return null;
  }
  const parsed = parseShellMessage(raw);
  if (!parsed.ok) {
    log.warn(`[bridge] dropped an invalid shell message: ${parsed.error}`);
    return null;
  }
  return parsed.message;
}

export class WebBridge implements SpawnpointBridge {
  private socket: BridgeSocket | null = null;
  private readonly queue: string[] = [];
  private readonly listeners = new Set<(message: ShellToRenderer) => void>();
  private reconnectTimer: TimerId | null = null;
  private closed = false;
  private readonly createSocket: (url: string) => BridgeSocket;
  private readonly timers: Timers;
  private readonly log: Pick<Console, 'warn' | 'info'>;

  constructor(private readonly options: WebBridgeOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.timers = options.timers ?? globalTimers;
    this.log = options.log ?? console;
    this.open();
  }

  send(message: RendererToShell): void {
    const frame = JSON.stringify(message);
    if (this.socket?.readyState === OPEN) this.socket.send(frame);
    else this.queue.push(frame);
  }

  onMessage(listener: (message: ShellToRenderer) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Stop for good (tests, page teardown). */
  close(): void {
    this.closed = true;
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    this.socket?.close();
    this.socket = null;
  }

  private open(): void {
    if (this.closed) return;
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => this.flush();
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // onclose follows and schedules the reconnect.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
  }

  private flush(): void {
    while (this.queue.length > 0 && this.socket?.readyState === OPEN) {
      const frame = this.queue.shift();
      if (frame !== undefined) this.socket.send(frame);
    }
  }

  private receive(data: unknown): void {
    const message = decodeShellFrame(data, this.log);
    if (!message) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch (error) {
        this.log.warn('[bridge] a listener failed', error);
      }
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer !== null) return;
    this.log.info(`[bridge] closed; reopening in ${BRIDGE_RECONNECT_DELAY_MS} ms`);
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, BRIDGE_RECONNECT_DELAY_MS);
  }
}
