/**
 * Offers and their orders (issue 12; domain shape since issue 21). Staff
 * manage offers (the whole offer must make sense: src/shared/offers.ts). A
 * customer orders an active offer from their station: pending, at most
 * MAX_PENDING_ORDERS. Staff approve once the customer paid at the counter —
 * one wallet movement (kind `offer_order`, the staff member's shift) whose
 * claim is the conditional change pending → approved, so an order credits
 * exactly once however many approvals race (the losers get 409) — or reject
 * with a reason. A rejected order never credits.
 */
import { lockCustomerRow } from '../db/locks.js';
import { randomBytes } from 'node:crypto';
import type { AdminOffer, Order, OrderStatus } from '../../shared/api/admin-store.js';
import type { CustomerOrder } from '../../shared/api/profile.js';
import type { Offer } from '../../shared/entities.js';
import { offerTermsProblem, orderAmounts } from '../../shared/offers.js';
import type { StaffPayloads } from '../../shared/socket/staff-events.js';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db, SessionRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../base/errors.js';
import type { Actor, Wallet } from '../wallet/service.js';
import {
  claimPending,
  findOffer,
  findOrder,
  insertOffer,
  insertOrder,
  listOffers,
  listOrders,
  pendingCount,
  rejectPending,
  toAdminOffer,
  toCustomerOffer,
  updateOffer,
  type OfferRow,
  ordersOfUser,
} from './repo.js';

/** A customer cannot pile up more orders than staff could sensibly look at. */
export const MAX_PENDING_ORDERS = 3;
export const GUESTS_CANNOT_ORDER = 'Guests cannot order offers: sign in with your account to order.';

/** Where order events go (the staff channel). */
export interface OrderEvents {
  emit(event: 'orderCreated' | 'orderUpdated', payload: StaffPayloads['orderCreated']): void;
}

export type OfferInput = Omit<AdminOffer, 'id' | 'createdAt' | 'updatedAt'>;

function checkTerms(row: OfferRow): void {
  const problem = offerTermsProblem(toCustomerOffer(row));
  if (problem) throw badRequest(problem);
}

function alreadyDecided(order: Order): Error {
  return order.status === 'approved'
    ? conflict(`Order #${order.id} was already approved by ${order.decidedBy ?? 'staff'}: it credits only once.`)
    : conflict(`Order #${order.id} was rejected (${order.rejectReason ?? 'no reason'}): it cannot be approved or rejected again.`);
}

export class OfferService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      wallet: Wallet;
      staff?: OrderEvents;
      /** Tells the customer at their station that staff decided their order (issue 23). */
      customer?: { tell(userId: string, order: CustomerOrder): Promise<unknown> };
    },
  ) {}

  /** The customer's own orders: pending, and decided in the last day (issue 23). */
  async myOrders(userId: string): Promise<CustomerOrder[]> {
    const since = new Date(this.deps.clock.now() - 24 * 60 * 60 * 1000).toISOString();
    return (await ordersOfUser(this.deps.db, userId, since)).map(toCustomerOrder);
  }

  private tellCustomer(order: Order): void {
    this.deps.customer?.tell(order.userId, toCustomerOrder(order)).catch(() => undefined);
  }

  async activeOffers(): Promise<Offer[]> {
    return (await listOffers(this.deps.db, true)).map(toCustomerOffer);
  }

  async allOffers(): Promise<AdminOffer[]> {
    return (await listOffers(this.deps.db, false)).map(toAdminOffer);
  }

  async createOffer(body: OfferInput): Promise<AdminOffer> {
    const now = isoNow(this.deps.clock);
    const row: OfferRow = {
      id: `off_${randomBytes(6).toString('hex')}`,
      name: body.name,
      description: body.description,
      offer_type: body.offerType,
      minimum_purchase: body.minimumPurchase,
      discount_amount: body.discountAmount,
      discount_percentage: body.discountPercentage,
      maximum_discount: body.maximumDiscount,
      is_active: body.active ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    checkTerms(row);
    await insertOffer(this.deps.db, row);
    return toAdminOffer(row);
  }

  async updateOffer(id: string, body: Partial<OfferInput>): Promise<AdminOffer> {
    const current = await findOffer(this.deps.db, id);
    if (!current) throw notFound(`No offer ${id}.`);
    const next: OfferRow = {
      ...current,
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      offer_type: body.offerType ?? current.offer_type,
      minimum_purchase: body.minimumPurchase ?? current.minimum_purchase,
      discount_amount: body.discountAmount === undefined ? current.discount_amount : body.discountAmount,
      discount_percentage: body.discountPercentage === undefined ? current.discount_percentage : body.discountPercentage,
      maximum_discount: body.maximumDiscount === undefined ? current.maximum_discount : body.maximumDiscount,
      is_active: body.active === undefined ? current.is_active : body.active ? 1 : 0,
      updated_at: isoNow(this.deps.clock),
    };
    checkTerms(next);
    await updateOffer(this.deps.db, next);
    return toAdminOffer(next);
  }

  /** A customer's order from their running session (guests cannot order). */
  async placeOrder(session: SessionRow, offerId: string): Promise<{ success: true; message: string }> {
    const { db, clock, staff } = this.deps;
    if (session.is_guest === 1) throw forbidden(GUESTS_CANNOT_ORDER);
    const offer = await findOffer(db, offerId);
    if (!offer) throw notFound(`No offer ${offerId}.`);
    if (offer.is_active !== 1) throw badRequest(`The offer '${offer.name}' is no longer available.`);
    const { price, credit } = orderAmounts(toCustomerOffer(offer));
    const id = await db.transaction().execute(async (trx) => {
      await lockCustomerRow(trx, session.user_id);
      if ((await pendingCount(trx, session.user_id)) >= MAX_PENDING_ORDERS) return null;
      return insertOrder(trx, {
        offer_id: offer.id,
        offer_name: offer.name,
        offer_type: offer.offer_type,
        user_id: session.user_id,
        station_id: session.station_id,
        session_id: session.id,
        price,
        credit,
        created_at: isoNow(clock),
        decided_at: null,
        decided_by: null,
        reject_reason: null,
      });
    });
    if (id === null) {
      throw conflict(`You already have ${MAX_PENDING_ORDERS} orders waiting for staff: wait until they are confirmed.`);
    }
    const order = await findOrder(db, id);
    if (order) staff?.emit('orderCreated', order);
    return { success: true, message: `Order #${id} placed: pay ${price} IQD at the counter and staff will add ${credit} IQD.` };
  }

  listOrders(status: OrderStatus | 'all' | undefined, limit: number | undefined): Promise<Order[]> {
    return listOrders(this.deps.db, status, limit);
  }

  async approve(id: number, by: Actor): Promise<{ order: Order; balance: number }> {
    const { db, clock, wallet, staff } = this.deps;
    const before = await findOrder(db, id);
    if (!before) throw notFound(`No order #${id}.`);
    // Whether the order is still pending is decided inside the wallet's transaction, never from this read.
    const moved = await wallet.move({
      userId: before.userId,
      kind: 'offer_order',
      reason: 'offer_order',
      orderId: id,
      actor: by,
      method: 'cash',
      claim: async (trx) => {
        const claimed = await claimPending(trx, id, by.username, isoNow(clock));
        return claimed ? { amount: claimed.credit } : null;
      },
    });
    const order = await findOrder(db, id);
    if (!order) throw notFound(`No order #${id}.`);
    if (!moved) throw alreadyDecided(order);
    staff?.emit('orderUpdated', order);
    this.tellCustomer(order);
    return { order, balance: moved.balance };
  }

  async reject(id: number, reason: string, by: Actor): Promise<Order> {
    const { db, clock, staff } = this.deps;
    const changed = await rejectPending(db, id, by.username, isoNow(clock), reason);
    const order = await findOrder(db, id);
    if (!order) throw notFound(`No order #${id}.`);
    if (!changed) throw alreadyDecided(order);
    staff?.emit('orderUpdated', order);
    this.tellCustomer(order);
    return order;
  }
}

/** One order as staff see it (the desk's inbox reads it after taking it). */
export function orderById(db: Db, id: number): Promise<Order | undefined> {
  return findOrder(db, id);
}

/** An order as its customer sees it (no staff names, no other customer's fields). */
export function toCustomerOrder(order: Order): CustomerOrder {
  return {
    id: order.id,
    offerName: order.offerName,
    status: order.status,
    price: order.price,
    credit: order.credit,
    createdAt: order.createdAt,
    decidedAt: order.decidedAt,
    rejectReason: order.rejectReason,
  };
}
