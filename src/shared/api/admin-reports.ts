/**
 * The owner's report for any period (issue 26, not in the SPEC): the cafe's
 * local days from `from` to `to` (both included), the money by kind of sale,
 * by station group and by staff member, and a line per day for the chart —
 * play split into plain time, rate periods and minutes on packages, and what
 * the counter took. What iCafeCloud, SmartShell and Gizmo give an owner.
 */
import { z } from 'zod';
import { route } from './route.js';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD');

export const REPORT_MAX_DAYS = 366;

export const salesReportSchema = z.object({
  from: isoDay,
  to: isoDay,
  /** The cafe's UTC offset the days are cut at (the price list's). */
  utcOffsetMinutes: z.number().int(),
  /**
   * Money by kind of sale: counter takings by method (prepaid cards sold are their own kind, `prepaid_sale`;
   * a sold card redeemed later is never money again), packages by how they were paid, and play billed.
   */
  byKind: z.array(z.object({ kind: z.string(), method: z.string().nullable(), total: z.number(), count: z.number().int() })),
  /** Play billed by station group: IQD, minutes played, of which on packages. */
  byGroup: z.array(z.object({ groupId: z.string().nullable(), name: z.string(), iqd: z.number(), minutes: z.number().int(), packageMinutes: z.number().int() })),
  /** Money taken at the counter by each staff member (top-ups, packages, orders; refunds subtract). */
  byStaff: z.array(z.object({ staff: z.string(), cash: z.number(), card: z.number(), count: z.number().int() })),
  /** One line per day: play at the plain rate, at rate periods (IQD), on packages (minutes), the counter's takings and, of them, prepaid cards sold. */
  days: z.array(z.object({ date: isoDay, plain: z.number(), periods: z.number(), packageMinutes: z.number().int(), counter: z.number(), prepaid: z.number() })),
  /**
   * A single day (from = to) by the hour (issue 23), so one day reads as well as a month: 24 lines, hour 0–23 of
   * the cafe's day, with the same figures as a day's line. Empty for a longer period (a server without it: empty).
   */
  hours: z
    .array(z.object({ hour: z.number().int().min(0).max(23), plain: z.number(), periods: z.number(), packageMinutes: z.number().int(), counter: z.number(), prepaid: z.number() }))
    .default([]),
  /**
   * Money taken at the counter in the period (every line paid in cash or by card: top-ups, orders, packages,
   * prepaid cards sold; refunds subtract), and play consumed (billed from balances). Reported apart, never added:
   * play is paid with money taken earlier.
   */
  taken: z.object({ cash: z.number(), card: z.number(), prepaid: z.number() }),
  played: z.number(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const adminSalesReport = route({
  method: 'GET',
  path: '/admin/reports/sales',
  auth: 'admin',
  query: z.object({ from: isoDay, to: isoDay }),
  response: salesReportSchema,
});
