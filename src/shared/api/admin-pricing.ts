/**
 * The price list the owner enters (issue 26, not in the SPEC): rate periods
 * (happy hours, weekends, holidays), time packages, window packages and
 * member prices per tier. The plain hourly rate of each group stays on the
 * group (`admin-catalogue.ts`). Staff read it (to sell packages at the desk);
 * the owner changes it. A change applies to the minutes played after it,
 * never to those before; every change is in the audit log.
 */
import { z } from 'zod';
import { priceListSchema } from '../pricing/types.js';
import { meterSnapshotSchema } from '../pricing/offline.js';
import { id } from './fields.js';
import { route } from './route.js';

export const pricingViewSchema = z.object({
  priceList: priceListSchema,
  /** The station groups with their plain hourly rates (what the periods and packages name). */
  groups: z.array(z.object({ id, name: z.string(), hourlyRate: z.number().int() })),
  /** The tiers member prices can name. */
  tiers: z.array(z.object({ id, name: z.string() })),
  /** When and by whom the list in force was entered; null: never (no rules yet). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PricingView = z.infer<typeof pricingViewSchema>;

export const adminPricing = route({
  method: 'GET',
  path: '/admin/pricing',
  auth: 'admin',
  response: pricingViewSchema,
});

/** Replaces the whole price list (validated: a 400 names every problem, and nothing is saved). */
export const adminSetPricing = route({
  method: 'PUT',
  path: '/admin/pricing',
  auth: 'admin',
  body: priceListSchema,
  response: pricingViewSchema,
});

// ── Packages sold and held ──────────────────────────────────────────────────

export const heldPackageSchema = z.object({
  id,
  /** The price list's package. */
  packageId: z.string(),
  kind: z.enum(['time', 'window']),
  name: z.string(),
  /** null: every station group. */
  groupIds: z.array(z.string()).nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** A time package's minutes left; null for a window package (it plays until validUntil). */
  minutesLeft: z.number().int().nullable(),
  price: z.number().int(),
  soldAt: z.string(),
  method: z.enum(['cash', 'card', 'balance', 'order']),
});
export type HeldPackageView = z.infer<typeof heldPackageSchema>;

/** Staff sell a package at the counter: cash or card, into the open shift (a ledger line like every money movement). */
export const adminSellPackage = route({
  method: 'POST',
  path: '/admin/customers/:username/packages',
  auth: 'admin',
  params: z.object({ username: z.string().trim().min(1).max(64) }),
  body: z.strictObject({ packageId: z.string().trim().min(1).max(64), method: z.enum(['cash', 'card']) }),
  response: heldPackageSchema,
});

/** The packages a customer holds and can still play. */
export const adminCustomerPackages = route({
  method: 'GET',
  path: '/admin/customers/:username/packages',
  auth: 'admin',
  params: z.object({ username: z.string().trim().min(1).max(64) }),
  response: z.array(heldPackageSchema),
});

const onSaleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['time', 'window']),
  price: z.number().int(),
  /** Time packages: minutes; window packages: null. */
  minutes: z.number().int().nullable(),
  /** Window packages: local HH:MM–HH:MM; time packages: null. */
  window: z.string().nullable(),
  groupIds: z.array(z.string()).nullable(),
  validDays: z.number().int().nullable(),
});

/** The kiosk's store and profile (not in the SPEC): packages on sale, and the customer's own. */
export const customerPackages = route({
  method: 'GET',
  path: '/packages',
  auth: 'user',
  response: z.object({ onSale: z.array(onSaleSchema), held: z.array(heldPackageSchema) }),
});

/** A customer buys a package with their balance (a 'package' ledger line); too little balance is a 400 and nothing is sold. */
export const buyPackage = route({
  method: 'POST',
  path: '/packages/buy',
  auth: 'user',
  body: z.strictObject({ packageId: z.string().trim().min(1).max(64) }),
  response: heldPackageSchema,
});

// ── Package orders: a customer orders a package at a station, the desk approves it ──

/** A package order as staff see it (the desk inbox) and as the customer sees theirs. */
export const packageOrderSchema = z.object({
  id: z.number().int(),
  packageId: z.string(),
  packageName: z.string(),
  username: z.string(),
  stationId: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** IQD paid at the counter, fixed when ordered. */
  price: z.number().int(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Who took it at the desk ("on my way") and when; null while nobody has. */
  takenBy: z.string().nullable().default(null),
  takenAt: z.string().nullable().default(null),
});
export type PackageOrder = z.infer<typeof packageOrderSchema>;

/** The kiosk's store (not in the SPEC): order a package for the desk to approve; pay it at the counter. */
export const orderPackage = route({
  method: 'POST',
  path: '/packages/orders',
  auth: 'user',
  body: z.strictObject({ packageId: z.string().trim().min(1).max(64) }),
  response: packageOrderSchema,
});

/** The customer's own package orders: pending, and decided in the last day. */
export const myPackageOrders = route({
  method: 'GET',
  path: '/packages/orders/mine',
  auth: 'user',
  response: z.array(packageOrderSchema),
});

/** The desk inbox: package orders waiting for approval, oldest first. */
export const adminPackageOrders = route({
  method: 'GET',
  path: '/admin/package-orders',
  auth: 'admin',
  response: z.array(packageOrderSchema),
});

/** The customer paid at the counter: the package is sold (into the open shift) and given, exactly once. */
export const adminApprovePackageOrder = route({
  method: 'POST',
  path: '/admin/package-orders/:id/approve',
  auth: 'admin',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.strictObject({ method: z.enum(['cash', 'card']) }),
  response: z.object({ order: packageOrderSchema, package: heldPackageSchema }),
});

/** "On my way" for a package order (issue 23): taken by a named staff member; the loser is told who has it (409). */
export const adminTakePackageOrder = route({
  method: 'POST',
  path: '/admin/package-orders/:id/acknowledge',
  auth: 'admin',
  params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  response: packageOrderSchema,
});

export const adminRejectPackageOrder = route({
  method: 'POST',
  path: '/admin/package-orders/:id/reject',
  auth: 'admin',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.strictObject({ reason: z.string().trim().min(1, 'Say why the order is rejected.').max(500) }),
  response: packageOrderSchema,
});

/**
 * The station's offline countdown (not in the SPEC): the caller's running
 * session's meter, packages and money left, for the shared pricing module to
 * recompute the minutes left while the server is unreachable. Null when the
 * price list does not apply to the session.
 */
export const sessionMeter = route({
  method: 'GET',
  path: '/pricing/meter',
  auth: 'user',
  response: meterSnapshotSchema.nullable(),
});
