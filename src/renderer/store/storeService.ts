/**
 * SPEC §2/§7/§8 store: GET /offers/customer as a grid; 'Order Now' opens the
 * 'Confirm Order' dialog; Confirm sends POST /offers/orders {offerId}. The
 * order waits for staff to approve it; the balance then arrives by
 * sessionBalanceUpdate (the account feature follows it).
 * 'Failed to load offers', 'Failed to place order' (or the server's reason).
 */
import { customerOffers, myOrders, placeOrder, type CustomerOrder } from '../../shared/api/profile.js';
import type { Offer } from '../../shared/entities.js';
import { describeError, refusalText } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { Notifier } from '../core/notify.js';
import { offerOrderNotice, type AnnounceOrder } from './orderNotice.js';
import { PackagesService } from './packagesService.js';
import { INITIAL_STORE_STATE, useOffersStore, type OffersStore } from './storeStore.js';

export interface StoreServiceDeps {
  api: Pick<ApiClient, 'call'>;
  notify: Notifier;
  /** Staff's decision on an order, told to the customer (the notifications feature records it: bell, list, toast). */
  announce: AnnounceOrder;
  store?: OffersStore;
  log?: Pick<Console, 'warn'>;
  /** The packages beside the offers (issue 26): after a purchase the balance and time are read again. */
  refreshBalance?: () => Promise<void>;
  packages?: PackagesService;
}

export class StoreService {
  private readonly store: OffersStore;
  private readonly log: Pick<Console, 'warn'>;
  /** Time and window packages on sale and held (issue 26, not in the SPEC). */
  readonly packages: PackagesService;

  constructor(private readonly deps: StoreServiceDeps) {
    this.store = deps.store ?? useOffersStore;
    this.log = deps.log ?? console;
    this.packages = deps.packages ?? new PackagesService({ api: deps.api, notify: deps.notify, announce: deps.announce, refreshBalance: deps.refreshBalance, log: deps.log });
  }

  async load(): Promise<void> {
    this.store.setState((s) => ({ status: s.offers.length > 0 ? 'loaded' : 'loading' }));
    try {
      const answer = await this.deps.api.call(customerOffers);
      if (!answer.success) throw new Error('the server answered success: false');
      this.store.setState({ status: 'loaded', offers: answer.data });
    } catch (error) {
      this.log.warn(`[store] could not load the offers: ${describeError(error)}`);
      this.store.setState({ status: 'error' });
      this.deps.notify.error('error.orders.load');
    }
  }

  /** 'Order Now': ask first. */
  askToOrder(offer: Offer): void {
    this.store.setState({ confirming: offer });
  }

  cancelOrder(): void {
    if (this.store.getState().ordering) return;
    this.store.setState({ confirming: null });
  }

  /** Confirm: place the order. Resolves true when the server took it. */
  async confirmOrder(): Promise<boolean> {
    const { confirming: offer, ordering } = this.store.getState();
    if (!offer || ordering) return false;
    this.store.setState({ ordering: true });
    try {
      const answer = await this.deps.api.call(placeOrder, { body: { offerId: offer.id } });
      if (answer.success === false) throw new Error('the server answered success: false');
      this.deps.notify.success('store.ordered');
      this.store.setState({ confirming: null });
      void this.loadMyOrders();
      return true;
    } catch (error) {
      this.log.warn(`[store] order of ${offer.id} failed: ${describeError(error)}`);
      // A refusal the server explains (at most 3 pending, offer gone) is shown as it says it.
      const reason = refusalText(error);
      this.deps.notify.error(reason ? { text: reason } : 'error.orders.place');
      return false;
    } finally {
      this.store.setState({ ordering: false });
    }
  }

  /**
   * The customer's own orders (issue 23): GET /offers/orders/mine. A server that has no such route (the SPEC shows
   * none) leaves the list empty and says nothing.
   */
  async loadMyOrders(): Promise<void> {
    try {
      const answer = await this.deps.api.call(myOrders);
      this.store.setState({ myOrders: Array.isArray(answer.data) ? answer.data : [] });
    } catch (error) {
      this.log.warn(`[store] no order list from this server: ${describeError(error)}`);
    }
  }

  /**
   * Staff decided an order (the orderUpdated event): the list shows it, and the customer is told at once — a
   * notification in the bell, with its toast. The same decision heard twice (a replay after a reconnection) is
   * told once.
   */
  orderDecided(order: CustomerOrder): void {
    const known = this.store.getState().myOrders.find((o) => o.id === order.id);
    this.store.setState((s) => ({ myOrders: [order, ...s.myOrders.filter((o) => o.id !== order.id)] }));
    if (known?.status === order.status) return;
    const notice = offerOrderNotice(order);
    if (notice) this.deps.announce(notice);
  }

  clear(): void {
    this.store.setState({ ...INITIAL_STORE_STATE });
    this.packages.clear();
  }
}
