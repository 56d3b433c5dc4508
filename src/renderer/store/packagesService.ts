/**
 * Packages at the kiosk (issue 26, not in the SPEC): GET /packages lists what
 * is on sale and what the customer holds (the store and the profile show
 * them); 'Buy with balance' asks first, then POST /packages/buy takes the
 * price from the balance. A server without packages (one that follows only
 * the SPEC answers 404) hides the section and shows no error.
 */
import { buyPackage, customerPackages, myPackageOrders, orderPackage, type PackageOrder } from '../../shared/api/admin-pricing.js';
import { describeError, refusalText } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { Notifier } from '../core/notify.js';
import { packageOrderNotice, type AnnounceOrder } from './orderNotice.js';
import { INITIAL_PACKAGES_STATE, usePackagesStore, type PackageOnSale, type PackagesStore } from './packagesStore.js';

export interface PackagesServiceDeps {
  api: Pick<ApiClient, 'call'>;
  notify: Notifier;
  /** Staff's decision on a package order, told to the customer (a notification in the bell, with its toast). */
  announce: AnnounceOrder;
  /** After a purchase: the balance and remaining time are the server's to tell (GET /client-sessions/current). */
  refreshBalance?: () => Promise<void>;
  store?: PackagesStore;
  log?: Pick<Console, 'warn'>;
}

export class PackagesService {
  readonly store: PackagesStore;
  private readonly log: Pick<Console, 'warn'>;

  constructor(private readonly deps: PackagesServiceDeps) {
    this.store = deps.store ?? usePackagesStore;
    this.log = deps.log ?? console;
  }

  async load(): Promise<void> {
    this.store.setState((s) => ({ status: s.status === 'loaded' ? 'loaded' : 'loading' }));
    try {
      // Checked again here: an answer of another shape is a server without packages, never a crash.
      const answer = customerPackages.response.safeParse(await this.deps.api.call(customerPackages));
      if (!answer.success) throw new Error('the answer is not a list of packages');
      this.store.setState({ status: 'loaded', onSale: answer.data.onSale, held: answer.data.held });
    } catch (error) {
      // No packages at this server (or it cannot say): the store shows its offers alone.
      this.log.warn(`[packages] could not load the packages: ${describeError(error)}`);
      this.store.setState({ status: 'unavailable', onSale: [], held: [] });
    }
  }

  askToBuy(pkg: PackageOnSale): void {
    this.store.setState({ confirming: pkg });
  }

  cancelBuy(): void {
    if (this.store.getState().buying) return;
    this.store.setState({ confirming: null });
  }

  /** Confirm: buy with the balance. Resolves true when the server sold it. */
  async confirmBuy(): Promise<boolean> {
    const { confirming: pkg, buying } = this.store.getState();
    if (!pkg || buying) return false;
    this.store.setState({ buying: true });
    try {
      await this.deps.api.call(buyPackage, { body: { packageId: pkg.id } });
      this.deps.notify.success({ key: 'packages.bought', values: { name: pkg.name } });
      this.store.setState({ confirming: null });
      await Promise.all([this.load(), this.deps.refreshBalance?.().catch(() => undefined)]);
      return true;
    } catch (error) {
      this.log.warn(`[packages] purchase of ${pkg.id} failed: ${describeError(error)}`);
      // The server's own reason (too little balance, no longer on sale) is shown as it says it.
      const reason = refusalText(error);
      this.deps.notify.error(reason ? { text: reason } : 'packages.buyFailed');
      return false;
    } finally {
      this.store.setState({ buying: false });
    }
  }

  /** 'Order at the desk': ask first. */
  askToOrder(pkg: PackageOnSale): void {
    this.store.setState({ ordering: pkg });
  }

  cancelOrder(): void {
    if (this.store.getState().placing) return;
    this.store.setState({ ordering: null });
  }

  /** Confirm: the order waits for staff; the customer pays at the counter. Resolves true when the server took it. */
  async confirmOrder(): Promise<boolean> {
    const { ordering: pkg, placing } = this.store.getState();
    if (!pkg || placing) return false;
    this.store.setState({ placing: true });
    try {
      const order = await this.deps.api.call(orderPackage, { body: { packageId: pkg.id } });
      this.deps.notify.success('packages.ordered');
      this.store.setState((s) => ({ ordering: null, orders: [order, ...s.orders.filter((o) => o.id !== order.id)] }));
      return true;
    } catch (error) {
      this.log.warn(`[packages] order of ${pkg.id} failed: ${describeError(error)}`);
      // The server's own reason (too many waiting, no longer on sale) is shown as it says it.
      const reason = refusalText(error);
      this.deps.notify.error(reason ? { text: reason } : 'packages.orderFailed');
      return false;
    } finally {
      this.store.setState({ placing: false });
    }
  }

  /** The customer's package orders waiting for staff; a server without them leaves the list empty and says nothing. */
  async loadOrders(): Promise<void> {
    try {
      const answer = myPackageOrders.response.safeParse(await this.deps.api.call(myPackageOrders));
      this.store.setState({ orders: answer.success ? answer.data.filter((o) => o.status === 'pending') : [] });
    } catch (error) {
      this.log.warn(`[packages] no package orders from this server: ${describeError(error)}`);
    }
  }

  /** Staff decided a package order (the packageOrderUpdated event): the customer is told, and an approved package shows at once. */
  async orderDecided(order: PackageOrder): Promise<void> {
    this.store.setState((s) => ({ orders: s.orders.filter((o) => o.id !== order.id) }));
    const notice = packageOrderNotice(order);
    if (notice) this.deps.announce(notice);
    if (order.status === 'approved') await Promise.all([this.load(), this.deps.refreshBalance?.().catch(() => undefined)]);
  }

  clear(): void {
    this.store.setState({ ...INITIAL_PACKAGES_STATE });
  }
}
