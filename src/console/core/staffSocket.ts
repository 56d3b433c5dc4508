/**
 * The console's live channel: socket.io namespace /staff on the same origin.
 * The browser sends the session cookie with the handshake; every event is
 * parsed with its shared schema before a service sees it.
 */
import { io, type Socket } from 'socket.io-client';
import { createStore } from 'zustand/vanilla';
import { STAFF_NAMESPACE, staffServerToClientSchemas, type StaffEvent, type StaffPayloads } from '../../shared/socket/staff-events.js';

export interface LinkState {
  connected: boolean;
  error: string | null;
}

export class StaffSocket {
  readonly link = createStore<LinkState>(() => ({ connected: false, error: null }));
  private socket: Socket | null = null;
  private handlers = new Map<StaffEvent, Set<(payload: never) => void>>();

  connect(): void {
    if (this.socket) return;
    const socket = io(STAFF_NAMESPACE, { withCredentials: true, transports: ['websocket', 'polling'] });
    socket.on('connect', () => this.link.setState({ connected: true, error: null }));
    socket.on('disconnect', () => this.link.setState({ connected: false }));
    socket.on('connect_error', (error: Error) => this.link.setState({ connected: false, error: error.message }));
    for (const event of Object.keys(staffServerToClientSchemas) as StaffEvent[]) {
      socket.on(event, (raw: unknown) => {
        const parsed = staffServerToClientSchemas[event].safeParse(raw);
        if (parsed.success) this.deliver(event, parsed.data as StaffPayloads[typeof event]);
      });
    }
    this.socket = socket;
  }

  on<K extends StaffEvent>(event: K, handler: (payload: StaffPayloads[K]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: never) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (payload: never) => void);
  }

  /** Hands a parsed event to its handlers (the socket's, or a test's fake server). */
  protected deliver<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as (p: unknown) => void)(payload);
  }

  disconnect(): void {
    this.socket?.close();
    this.socket = null;
    this.link.setState({ connected: false, error: null });
  }
}
