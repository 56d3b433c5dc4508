/**
 * The socket.io client, loaded when the first socket opens instead of with
 * the first screen (it is ~12 KB of gzip the splash does not need; the
 * initial bundle budget is 200 KB). A LazySocket stands in for the real one
 * until the library has loaded: listeners given before are attached to it,
 * a disconnect before cancels it, and a failed load reports connect_error so
 * the connection service retries as it does for any failed connect.
 */
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { StationSocket } from './connectionService.js';

type Listener = (...args: unknown[]) => void;
type Options = Partial<ManagerOptions & SocketOptions>;

export class LazySocket implements StationSocket {
  private real: StationSocket | null = null;
  private listeners: Array<[string, Listener]> = [];
  private closed = false;

  constructor(url: string, options: Options, load: () => Promise<(url: string, options: Options) => StationSocket>) {
    load().then(
      (io) => {
        if (this.closed) return;
        const real = io(url, options);
        for (const [event, listener] of this.listeners) real.on(event, listener);
        this.listeners = [];
        this.real = real;
      },
      (error: unknown) => {
        if (this.closed) return;
        const failure = new Error(`could not load the socket client: ${error instanceof Error ? error.message : String(error)}`);
        for (const [event, listener] of this.listeners) if (event === 'connect_error') listener(failure);
      },
    );
  }

  on(event: string, listener: Listener): this {
    if (this.real) this.real.on(event, listener);
    else this.listeners.push([event, listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    // The service emits only once connected, which needs the real socket.
    this.real?.emit(event, ...args);
    return this;
  }

  removeAllListeners(): this {
    this.listeners = [];
    this.real?.removeAllListeners();
    return this;
  }

  disconnect(): this {
    this.closed = true;
    this.real?.disconnect();
    return this;
  }
}

/** The default socket factory: socket.io-client, fetched on first use. */
export function lazySocketFactory(url: string, options: Options): StationSocket {
  return new LazySocket(url, options, () => import('socket.io-client').then((m) => m.io));
}
