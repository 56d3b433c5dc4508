/**
 * The one reconnecting socket of the kiosk (`/events`, SPEC §4/§7) and the
 * console (`/staff`, issue 23): socket.io's own reconnection is off (it never
 * retries after the server's own "io server disconnect", at a restart), and
 * after ANY loss — a failed connect, an unexpected disconnect, the server's
 * own — a fresh socket is opened after a random 1–3 s (`reconnect.ts`), with
 * no attempt limit, until a deliberate stop(). Events of a socket that is no
 * longer the current one are ignored.
 *
 * What a link is for stays with its app: the hooks make the socket (URL,
 * handshake), bind its events, and say what "opening", "live" and "lost"
 * mean on that side (the kiosk's connection store and shell messages, the
 * console's link state and re-reads). Transport-neutral: no socket.io import.
 */
import { reconnectDelay } from './reconnect.js';

/**
 * The part of a socket.io client socket the link uses (a fake in tests). The
 * listener's type is left to each app's own socket type (the kiosk's takes
 * unknown arguments, the console's typed ones).
 */
export interface RedialSocket {
  on(event: string, listener: never): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

type Listen = (event: string, listener: (...args: unknown[]) => void) => unknown;
const listen = (socket: RedialSocket, event: string, listener: (...args: unknown[]) => void) =>
  (socket.on as unknown as Listen).call(socket, event, listener);

export interface RedialHooks<S extends RedialSocket> {
  /** A fresh socket (forceNew, reconnection off): the first dial and every retry. */
  open(): S;
  /** Bind the app's own events on a fresh socket (before it can connect). */
  bind?(socket: S): void;
  /** A dial starts: the first one, or a retry after a loss. */
  opening?(dial: 'first' | 'retry'): void;
  /** Connected. `back`: it had been lost since it was last live (what the pushes kept live must be read again). */
  live?(back: boolean): void;
  /** Lost: a disconnect (its reason) or a failed connect (its message). A retry is scheduled right after. */
  lost?(reason: string, how: 'disconnect' | 'connect_error'): void;
}

export interface RedialDeps {
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
  /** 0 ≤ n < 1; picks the retry delay. */
  random?: () => number;
}

export class RedialLink<S extends RedialSocket> {
  private socket: S | null = null;
  private wanted = false;
  private wasLost = false;
  private retryTimer: unknown = null;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (id: unknown) => void;
  private readonly random: () => number;

  constructor(
    private readonly hooks: RedialHooks<S>,
    deps: RedialDeps = {},
  ) {
    this.setTimer = deps.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms));
    this.clearTimer = deps.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>));
    this.random = deps.random ?? Math.random;
  }

  /** The socket of the current dial (null while waiting to retry or stopped). */
  get current(): S | null {
    return this.socket;
  }

  /** Is the link asked to stay connected? */
  get running(): boolean {
    return this.wanted;
  }

  /** Stay connected until stop(): drops any current dial and dials now. */
  start(): void {
    this.wanted = true;
    this.wasLost = false;
    this.clearRetry();
    this.drop();
    this.dial('first');
  }

  /** Deliberate (sign-out, a station leaving): closes and does not retry. */
  stop(): void {
    this.wanted = false;
    this.wasLost = false;
    this.clearRetry();
    this.drop();
  }

  private dial(dial: 'first' | 'retry'): void {
    if (!this.wanted) return;
    this.hooks.opening?.(dial);
    const socket = this.hooks.open();
    this.socket = socket;
    listen(socket, 'connect', () => {
      if (this.socket !== socket) return;
      const back = this.wasLost;
      this.wasLost = false;
      this.hooks.live?.(back);
    });
    listen(socket, 'disconnect', (reason) => {
      if (this.socket === socket) this.onLost(String(reason), 'disconnect');
    });
    listen(socket, 'connect_error', (error) => {
      if (this.socket !== socket) return;
      this.onLost(error instanceof Error ? error.message : String(error), 'connect_error');
    });
    this.hooks.bind?.(socket);
  }

  private onLost(reason: string, how: 'disconnect' | 'connect_error'): void {
    this.drop();
    if (!this.wanted) return;
    this.wasLost = true;
    this.hooks.lost?.(reason, how);
    if (!this.wanted) return; // the hook may have stopped the link
    this.clearRetry();
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      this.dial('retry');
    }, reconnectDelay(this.random()));
  }

  private drop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.removeAllListeners();
    socket.disconnect();
  }

  private clearRetry(): void {
    if (this.retryTimer === null) return;
    this.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }
}
