/**
 * Package orders (issue 26), as the SPEC's orders are for offers: a signed-in
 * customer orders a package on sale from their station (guests cannot; at
 * most MAX_PENDING_PACKAGE_ORDERS waiting); it waits in the desk inbox until
 * staff approve it — the customer paid at the counter: the price fixed when
 * ordered goes into the open shift (`package_sale`, cash or card) and the
 * package is given (`package`), both through the one wallet, the claim
 * pending → approved inside the sale's transaction so it sells once however
 * many approvals race — or reject it with a reason (nothing moves). The desk
 * hears each order live; the customer hears the decision at their station.
 * Staff take a waiting order ("on my way") as they take the inbox's other
 * rows: one conditional update, so of two staff exactly one has it.
 */
import { lockCustomerRow } from '../db/locks.js';
import type { PackageOrder, HeldPackageView } from '../../shared/api/admin-pricing.js';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db, SessionRow } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../base/errors.js';
import {
  approvePendingPackageOrder,
  findPackageOrder,
  insertPackageOrder,
  packageOrdersOfUser,
  pendingPackageOrderCount,
  pendingPackageOrders,
  rejectPendingPackageOrder,
  setOrderPackage,
  takePendingPackageOrder,
  type PackageOrderRow,
} from './repo.js';
import type { PackageWallet, PricingService } from './service.js';

export const MAX_PENDING_PACKAGE_ORDERS = 3;
export const GUESTS_CANNOT_ORDER_PACKAGES = 'Guests cannot order packages: sign in with your account to order.';

export interface PackageOrderNotices {
  /** The desk inbox (the staff channel). */
  staff(event: 'packageOrderCreated' | 'packageOrderUpdated', order: PackageOrder): void;
  /** The customer at their station. */
  customer(userId: string, order: PackageOrder): void;
}

export function packageOrderView(row: PackageOrderRow): PackageOrder {
  return {
    id: Number(row.id),
    packageId: row.package_id,
    packageName: row.package_name,
    username: row.username,
    stationId: row.station_id,
    status: row.status,
    price: Number(row.price),
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
    rejectReason: row.reject_reason,
    takenBy: row.taken_by,
    takenAt: row.taken_at,
  };
}

function alreadyDecided(order: PackageOrderRow): Error {
  return order.status === 'approved'
    ? conflict(`Package order #${order.id} was already approved by ${order.decided_by ?? 'staff'}: it is sold only once.`)
    : conflict(`Package order #${order.id} was rejected (${order.reject_reason ?? 'no reason'}): it cannot be approved or rejected again.`);
}

export class PackageOrderService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; pricing: PricingService; wallet: PackageWallet; notices?: PackageOrderNotices },
  ) {}

  private async read(id: number): Promise<PackageOrderRow> {
    const row = await findPackageOrder(this.deps.db, id);
    if (!row) throw notFound(`No package order #${id}.`);
    return row;
  }

  /** A customer's order from their running session. */
  async place(session: Pick<SessionRow, 'user_id' | 'station_id' | 'is_guest'>, packageId: string): Promise<PackageOrder> {
    const { db, clock, pricing, notices } = this.deps;
    if (session.is_guest === 1) throw forbidden(GUESTS_CANNOT_ORDER_PACKAGES);
    const onSale = (await pricing.onSale()).find((p) => p.id === packageId);
    if (!onSale) throw notFound(`No package ${packageId} is on sale.`);
    const id = await db.transaction().execute(async (trx) => {
      // Count and insert under the customer's lock: N orders at once still leave at most the limit waiting.
      await lockCustomerRow(trx, session.user_id);
      if ((await pendingPackageOrderCount(trx, session.user_id)) >= MAX_PENDING_PACKAGE_ORDERS) return null;
      return insertPackageOrder(trx, {
        package_id: onSale.id,
        package_name: onSale.name,
        user_id: session.user_id,
        station_id: session.station_id,
        price: onSale.price,
        created_at: isoNow(clock),
        decided_at: null,
        decided_by: null,
        reject_reason: null,
        method: null,
        customer_package_id: null,
      });
    });
    if (id === null) throw conflict(`You already have ${MAX_PENDING_PACKAGE_ORDERS} package orders waiting for staff: wait until they are confirmed.`);
    const order = packageOrderView(await this.read(id));
    notices?.staff('packageOrderCreated', order);
    return order;
  }

  async pending(): Promise<PackageOrder[]> {
    return (await pendingPackageOrders(this.deps.db)).map(packageOrderView);
  }

  /** The customer's own: pending, and decided in the last day. */
  async mine(userId: string): Promise<PackageOrder[]> {
    const since = new Date(this.deps.clock.now() - 24 * 60 * 60 * 1000).toISOString();
    return (await packageOrdersOfUser(this.deps.db, userId, since)).map(packageOrderView);
  }

  async approve(id: number, method: 'cash' | 'card', by: { userId: string; username: string }): Promise<{ order: PackageOrder; package: HeldPackageView }> {
    const { clock, pricing, wallet, notices } = this.deps;
    const before = await this.read(id);
    if (before.status !== 'pending') throw alreadyDecided(before);
    // Whether it is still pending is decided inside the sale's transaction, never from the read above.
    const sold = await pricing.sellOrdered(wallet, { userId: before.user_id, packageId: before.package_id, method, actor: by }, {
      price: Number(before.price),
      claim: (trx) => approvePendingPackageOrder(trx, id, by.username, isoNow(clock), method),
      given: (trx, customerPackageId) => setOrderPackage(trx, id, customerPackageId),
    });
    const after = await this.read(id);
    if (!sold) throw alreadyDecided(after);
    const order = packageOrderView(after);
    notices?.staff('packageOrderUpdated', order);
    notices?.customer(after.user_id, order);
    return { order, package: pricing.heldView(sold) };
  }

  /** "On my way" (issue 23), as offer orders: one conditional update; the loser is told who has it; every console hears it. */
  async take(id: number, by: { username: string }): Promise<PackageOrder> {
    const { db, clock, notices } = this.deps;
    const took = await takePendingPackageOrder(db, id, by.username, isoNow(clock));
    const after = await this.read(id);
    if (!took) {
      throw conflict(
        after.status !== 'pending'
          ? `Package order #${id} is already ${after.status} (by ${after.decided_by ?? 'staff'}).`
          : `This order is already taken by ${after.taken_by ?? 'staff'}.`,
      );
    }
    const order = packageOrderView(after);
    notices?.staff('packageOrderUpdated', order);
    return order;
  }

  async reject(id: number, reason: string, by: { username: string }): Promise<PackageOrder> {
    const { db, clock, notices } = this.deps;
    const changed = await rejectPendingPackageOrder(db, id, by.username, isoNow(clock), reason);
    const after = await this.read(id);
    if (!changed) throw alreadyDecided(after);
    const order = packageOrderView(after);
    notices?.staff('packageOrderUpdated', order);
    notices?.customer(after.user_id, order);
    return order;
  }
}
