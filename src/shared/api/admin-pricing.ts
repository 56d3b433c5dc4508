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
