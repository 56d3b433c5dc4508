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
import type { Http } from '../core/http.js';
import type { StaffSocket } from '../core/staffSocket.js';

export interface InboxState {
  calls: ServiceCall[];
  orders: Order[];
  notice: string | null;
  error: string | null;
}

export class InboxService {
  readonly store = createStore<InboxState>(() => ({ calls: [], orders: [], notice: null, error: null }));
  private stops: (() => void)[] = [];

  constructor(
    private readonly http: Http,
    private readonly socket: StaffSocket,
    private readonly title: (count: number) => void,
    private readonly chime: () => void,
  ) {
    this.store.subscribe((state) => this.title(count(state)));
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

export const count = (state: Pick<InboxState, 'calls' | 'orders'>) => state.calls.length + state.orders.length;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
