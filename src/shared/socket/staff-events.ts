/**
 * The staff channel (reference server, not in the SPEC): socket.io namespace
 * /staff on the same server as /events. Staff tools connect with the admin
 * bearer token in the handshake, `auth: { token }` (staff or admin accounts
 * only; anything else is refused), and receive what needs a person at the
 * counter. Server → client only.
 */
import { z } from 'zod';
import { adminGameAccountSchema } from '../api/admin-games.js';
import { adminClaimSchema } from '../api/admin-profile.js';
import { packageOrderSchema } from '../api/admin-pricing.js';
import { orderSchema, serviceCallSchema } from '../api/admin-store.js';
import { CUSTOMER_GATES, receiptSchema, roomStationSchema } from '../api/console.js';

export const STAFF_NAMESPACE = '/staff';

/** A bearer token; the console (same origin) connects with its session cookie instead and sends none. */
export const staffHandshakeAuthSchema = z.object({ token: z.string().min(1).max(4096) });

export const staffServerToClientSchemas = {
  /** A customer or guest called for the cafe service or technical support. */
  serviceCallCreated: serviceCallSchema,
  /** A call was acknowledged or resolved (by any staff member). */
  serviceCallUpdated: serviceCallSchema,
  /** A customer ordered an offer: it waits for approval. */
  orderCreated: orderSchema,
  /** An order was approved or rejected. */
  orderUpdated: orderSchema,
  /** A customer ordered a package (issue 26): it waits for approval at the desk. */
  packageOrderCreated: packageOrderSchema,
  /** A package order was approved or rejected. */
  packageOrderUpdated: packageOrderSchema,
  /** The whole room (issue 15): on connecting, then within a second of any change. */
  roomUpdated: z.array(roomStationSchema),
  /** A station action's receipt, new or moved on (sent → delivered → done, or failed with the reason). */
  commandReceipt: receiptSchema,
  /** A customer claimed a reward: it waits at the counter (issue 15). */
  rewardClaimCreated: adminClaimSchema,
  /** A claim was taken, delivered or cancelled (by a named staff member). */
  rewardClaimUpdated: adminClaimSchema,
  /** A centre account was flagged after a failed launch, its flag taken, or cleared (flag null). */
  gameAccountFlagUpdated: adminGameAccountSchema,
  /**
   * A customer's balance moved (issue 23): a top-up, refund, free time, an approved order, a redeemed card, a
   * package — whoever moved it. Billing's charges are not sent (the room's balances show them).
   */
  balanceChanged: z.object({
    userId: z.string(),
    username: z.string(),
    kind: z.string(),
    /** Signed IQD of this movement. */
    amount: z.number(),
    balance: z.number(),
    freeBalance: z.number(),
  }),
  /** A customer is held at a login gate at a station (issue 23): the top-up gate, or a password to change. Sent once when it starts. */
  customerAtGate: z.object({
    sessionId: z.string(),
    username: z.string(),
    stationId: z.string(),
    stationNumber: z.number().int(),
    gate: z.enum(CUSTOMER_GATES),
    since: z.string(),
  }),
  /** Something the owners must know at once: an account's second factor locked after wrong codes (issue 22). */
  securityAlert: z.object({
    kind: z.enum(['second_factor_locked']),
    username: z.string(),
    message: z.string(),
    at: z.string(),
  }),
} as const;

export type StaffEvent = keyof typeof staffServerToClientSchemas;
export type StaffPayloads = { [K in StaffEvent]: z.infer<(typeof staffServerToClientSchemas)[K]> };
export type StaffServerToClientEvents = { [K in StaffEvent]: (payload: StaffPayloads[K]) => void };
export const STAFF_EVENTS = Object.keys(staffServerToClientSchemas) as StaffEvent[];
