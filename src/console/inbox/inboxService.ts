/**
 * One attention inbox: open service calls, orders waiting for approval,
 * reward claims to deliver or cancel and centre accounts flagged after a failed
 * launch, kept live from /staff (no polling), with the count in the tab title and a short tone when
 * something new arrives. Each item is taken and resolved by a named staff member.
 */
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
import {
  adminApprovePackageOrder,
  adminPackageOrders,
  adminRejectPackageOrder,
  adminTakePackageOrder,
  type PackageOrder,
} from '../../shared/api/admin-pricing.js';
import { adminGameAccounts, adminUnflagGameAccount, type AdminGameAccount } from '../../shared/api/admin-games.js';
import { adminCancelClaim, adminClaims, adminDeliverClaim, type AdminClaim } from '../../shared/api/admin-profile.js';
import type { RoomStation } from '../../shared/api/console.js';
import { claimAcknowledge, flagAcknowledge, orderAcknowledge } from '../../shared/api/desk.js';
import type { Http } from '../core/http.js';
import type { StaffSocket } from '../core/staffSocket.js';
import type { StaffPayloads } from '../../shared/socket/staff-events.js';
import { errorText as message } from '../core/act.js';
import type { Page } from '../core/page.js';
import { roomAlerts } from '../../shared/inbox.js';
import { count, createInboxStore, type InboxStore, type SecurityAlert } from './inboxStore.js';

/** How long a security toast stays up unless dismissed (the alert stays in the inbox). */
export const SECURITY_TOAST_MS = 15_000;

/** What waits, one key per item (to tell what is new after a re-read). */
function waitingKeys(state: { calls: ServiceCall[]; orders: Order[]; packageOrders: PackageOrder[]; claims: AdminClaim[]; flags: AdminGameAccount[] }): string[] {
  return [
    ...state.calls.map((c) => `call-${c.id}`),
    ...state.orders.map((o) => `order-${o.id}`),
    ...state.packageOrders.map((o) => `package-order-${o.id}`),
    ...state.claims.map((c) => `claim-${c.id}`),
    ...state.flags.map((a) => `flag-${a.id}-${a.flag?.at ?? ''}`),
  ];
}

export class InboxService {
  private stops: (() => void)[] = [];

  constructor(
    private readonly http: Http,
    private readonly socket: StaffSocket,
    private readonly page: Pick<Page, 'setWaiting' | 'chime'>,
    readonly store: InboxStore = createInboxStore(),
  ) {
    this.store.subscribe((state) => this.page.setWaiting(count(state)));
  }

  private chime(): void {
    this.page.chime();
  }

  /** Follows the room: new alerts chime like a new call; a known one keeps up with its minutes and time. */
  watchRoom(room: { subscribe(listener: (state: { stations: RoomStation[] }) => void): () => void }): () => void {
    return room.subscribe(({ stations }) => {
      const alerts = roomAlerts(stations);
      const current = this.store.getState().alerts;
      if (JSON.stringify(alerts) === JSON.stringify(current)) return;
      const before = new Set(current.map((a) => a.key));
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
      this.socket.on('packageOrderCreated', (order) => {
        this.putPackageOrder(order);
        this.chime();
      }),
      this.socket.on('packageOrderUpdated', (order) => this.putPackageOrder(order)),
      this.socket.on('rewardClaimCreated', (claim) => {
        this.putClaim(claim);
        this.chime();
      }),
      this.socket.on('rewardClaimUpdated', (claim) => this.putClaim(claim)),
      this.socket.on('gameAccountFlagUpdated', (account) => {
        const known = this.store.getState().flags.some((a) => a.id === account.id && a.flag?.at === account.flag?.at);
        this.putFlag(account);
        if (account.flag && !known) this.chime();
      }),
      this.socket.on('securityAlert', (alert) => this.putSecurity(alert)),
      // Back after being away: calls and orders made meanwhile were pushed to nobody.
      this.socket.onBack(() => void this.load(true)),
    );
    await this.load();
  }

  /** Reads every list of the inbox from the server; after being away, something new chimes as it would have live. */
  async load(chimeOnNew = false): Promise<void> {
    const before = new Set(waitingKeys(this.store.getState()));
    try {
      const [calls, orders, claims, accounts] = await Promise.all([
        this.http.call(adminServiceCalls),
        this.http.call(adminOrders, { query: { status: 'pending' } }),
        this.http.call(adminClaims, { query: { status: 'CLAIMED' } }),
        this.http.call(adminGameAccounts),
      ]);
      // Package orders (issue 26): a server without them leaves the list empty.
      const packageOrders = await this.http.call(adminPackageOrders).catch(() => []);
      this.store.setState({ calls, orders, packageOrders, claims, flags: accounts.filter((a) => a.flag !== null), error: null });
      if (chimeOnNew && waitingKeys(this.store.getState()).some((key) => !before.has(key))) this.chime();
    } catch (error) {
      this.store.setState({ error: message(error) });
    }
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.dismissToast();
  }

  private toastTimer: ReturnType<typeof setTimeout> | null = null;

  /** A security alert: into the inbox, as the toast over every screen, with the chime. */
  private putSecurity(alert: StaffPayloads['securityAlert']): void {
    const item: SecurityAlert = { ...alert, key: `${alert.kind}-${alert.username}-${alert.at}` };
    const rest = this.store.getState().security.filter((a) => a.key !== item.key);
    this.store.setState({ security: [item, ...rest], toast: item });
    this.chime();
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => this.dismissToast(), SECURITY_TOAST_MS);
  }

  /** The toast goes; the alert stays in the inbox. */
  dismissToast = (): void => {
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = null;
    if (this.store.getState().toast) this.store.setState({ toast: null });
  };

  /** Someone has read the alert: it leaves the inbox (and the toast, if it is the one shown). */
  seenSecurity = (key: string): void => {
    const { security, toast } = this.store.getState();
    this.store.setState({ security: security.filter((a) => a.key !== key), ...(toast?.key === key ? { toast: null } : {}) });
  };

  acknowledge = (id: number) => this.act(async () => this.putCall(await this.http.call(adminAcknowledgeServiceCall, { params: { id } })));
  resolve = (id: number) => this.act(async () => this.putCall(await this.http.call(adminResolveServiceCall, { params: { id } })));
  approve = (id: number) =>
    this.act(async () => {
      const { order, balance } = await this.http.call(adminApproveOrder, { params: { id } });
      this.putOrder(order);
      return { user: order.username, balance };
    });
  /** "On my way" for an order: every console then shows who has it (the server's orderUpdated). */
  takeOrder = (id: number) => this.act(async () => this.putOrder(await this.http.call(orderAcknowledge, { params: { id } })));
  reject = (id: number, reason: string) => this.act(async () => this.putOrder(await this.http.call(adminRejectOrder, { params: { id }, body: { reason } })));
  /** A package order paid at the counter: the package is sold into the open shift and given (issue 26). */
  approvePackageOrder = (id: number, method: 'cash' | 'card') =>
    this.act(async () => this.putPackageOrder((await this.http.call(adminApprovePackageOrder, { params: { id }, body: { method } })).order));
  /** "On my way" for a package order, as for an offer order: every console then shows who has it (packageOrderUpdated). */
  takePackageOrder = (id: number) => this.act(async () => this.putPackageOrder(await this.http.call(adminTakePackageOrder, { params: { id } })));
  rejectPackageOrder = (id: number, reason: string) =>
    this.act(async () => this.putPackageOrder(await this.http.call(adminRejectPackageOrder, { params: { id }, body: { reason } })));
  takeClaim = (id: string) => this.act(async () => this.putClaim(await this.http.call(claimAcknowledge, { params: { id } })));
  deliverClaim = (id: string) => this.act(async () => this.putClaim(await this.http.call(adminDeliverClaim, { params: { id } })));
  cancelClaim = (id: string) => this.act(async () => this.putClaim(await this.http.call(adminCancelClaim, { params: { id } })));
  takeFlag = (id: string) => this.act(async () => this.putFlag(await this.http.call(flagAcknowledge, { params: { id } })));
  clearFlag = (id: string) => this.act(async () => this.putFlag(await this.http.call(adminUnflagGameAccount, { params: { id } })));

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

  private putClaim(claim: AdminClaim): void {
    const rest = this.store.getState().claims.filter((c) => c.id !== claim.id);
    this.store.setState({ claims: claim.status === 'CLAIMED' ? [claim, ...rest] : rest });
  }

  private putFlag(account: AdminGameAccount): void {
    const rest = this.store.getState().flags.filter((a) => a.id !== account.id);
    this.store.setState({ flags: account.flag ? [account, ...rest] : rest });
  }

  private putPackageOrder(order: PackageOrder): void {
    const rest = this.store.getState().packageOrders.filter((o) => o.id !== order.id);
    this.store.setState({ packageOrders: order.status === 'pending' ? [order, ...rest] : rest });
  }

  private putOrder(order: Order): void {
    const rest = this.store.getState().orders.filter((o) => o.id !== order.id);
    this.store.setState({ orders: order.status === 'pending' ? [order, ...rest] : rest });
  }
}

