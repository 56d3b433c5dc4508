/**
 * One attention inbox: open service calls and orders waiting for approval,
 * kept live from /staff, with the count in the tab title and a short tone when
 * something new arrives. Each item is taken and resolved by a named staff member.
 */
import { createStore } from 'zustand/vanilla';
import {
  adminAcknowledgeServiceCall,
  adminApproveOrder,
  adminOrders,
  adminRejectOrder,
  adminResolveServiceCall,
  adminServiceCalls,
  type Order,
  type ServiceCall,
} from '../../shared/api/admin-store.js';
import type { RoomStation } from '../../shared/api/console.js';
import type { Http } from '../core/http.js';
import type { StaffSocket } from '../core/staffSocket.js';

/** Something in the room that needs a person: a session whose station went silent, or time about to run out. */
export interface RoomAlert {
  key: string;
  kind: 'lost' | 'low_time';
  stationId: string;
  stationNumber: number;
  who: string;
  minutes: number | null;
}

/** Minutes left at which a session shows in the inbox. */
export const LOW_TIME_MINUTES = 5;

export function roomAlerts(stations: RoomStation[]): RoomAlert[] {
  const alerts: RoomAlert[] = [];
  for (const s of stations) {
    const session = s.currentSession;
    if (!session) continue;
    const who = session.isGuest ? 'guest' : session.username;
    if (!s.online) alerts.push({ key: `lost-${session.sessionId}`, kind: 'lost', stationId: s.id, stationNumber: s.number, who, minutes: null });
    else if (session.remainingMinutes !== null && session.remainingMinutes <= LOW_TIME_MINUTES) {
      alerts.push({ key: `low-${session.sessionId}`, kind: 'low_time', stationId: s.id, stationNumber: s.number, who, minutes: session.remainingMinutes });
    }
  }
  return alerts;
}

export interface InboxState {
  calls: ServiceCall[];
  orders: Order[];
  alerts: RoomAlert[];
  notice: string | null;
  error: string | null;
}

export class InboxService {
  readonly store = createStore<InboxState>(() => ({ calls: [], orders: [], alerts: [], notice: null, error: null }));
  private stops: (() => void)[] = [];

  constructor(
    private readonly http: Http,
    private readonly socket: StaffSocket,
    private readonly title: (count: number) => void,
    private readonly chime: () => void,
  ) {
    this.store.subscribe((state) => this.title(count(state)));
  }

  /** Follows the room: new alerts chime like a new call. */
  watchRoom(room: { subscribe(listener: (state: { stations: RoomStation[] }) => void): () => void }): void {
    room.subscribe(({ stations }) => {
      const alerts = roomAlerts(stations);
      const before = new Set(this.store.getState().alerts.map((a) => a.key));
      if (alerts.length === before.size && alerts.every((a) => before.has(a.key))) return;
      if (alerts.some((a) => !before.has(a.key))) this.chime();
      this.store.setState({ alerts });
    });
  }

  async start(): Promise<void> {
    this.stop();
    this.stops.push(
      this.socket.on('serviceCallCreated', (call) => {
        this.putCall(call);
        this.chime();
      }),
      this.socket.on('serviceCallUpdated', (call) => this.putCall(call)),
      this.socket.on('orderCreated', (order) => {
        this.putOrder(order);
        this.chime();
      }),
      this.socket.on('orderUpdated', (order) => this.putOrder(order)),
    );
    try {
      const [calls, orders] = await Promise.all([this.http.call(adminServiceCalls), this.http.call(adminOrders, { query: { status: 'pending' } })]);
      this.store.setState({ calls, orders });
    } catch (error) {
      this.store.setState({ error: message(error) });
    }
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  acknowledge = (id: number) => this.act(async () => this.putCall(await this.http.call(adminAcknowledgeServiceCall, { params: { id } })));
  resolve = (id: number) => this.act(async () => this.putCall(await this.http.call(adminResolveServiceCall, { params: { id } })));
  approve = (id: number) =>
    this.act(async () => {
      const { order, balance } = await this.http.call(adminApproveOrder, { params: { id } });
      this.putOrder(order);
      return { user: order.username, balance };
    });
  reject = (id: number, reason: string) => this.act(async () => this.putOrder(await this.http.call(adminRejectOrder, { params: { id }, body: { reason } })));

  private async act<T>(work: () => Promise<T>): Promise<T | undefined> {
    this.store.setState({ error: null });
    try {
      return await work();
    } catch (error) {
      this.store.setState({ error: message(error) });
      return undefined;
    }
  }

  private putCall(call: ServiceCall): void {
    const rest = this.store.getState().calls.filter((c) => c.id !== call.id);
    this.store.setState({ calls: call.status === 'resolved' ? rest : [call, ...rest] });
  }

  private putOrder(order: Order): void {
    const rest = this.store.getState().orders.filter((o) => o.id !== order.id);
    this.store.setState({ orders: order.status === 'pending' ? [order, ...rest] : rest });
  }
}

export const count = (state: Pick<InboxState, 'calls' | 'orders' | 'alerts'>) => state.calls.length + state.orders.length + state.alerts.length;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
