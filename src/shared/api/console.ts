/**
 * The operator console's own admin routes (issue 15; reference server, not in
 * the SPEC): browser sign-in with a cookie session and TOTP, the live room,
 * customers and their ledger, cash shifts, the audit log, staff accounts.
 * Every other console action calls the admin routes the CLI uses.
 */
import { z } from 'zod';
import { adminStationSchema } from './admin.js';
import { auditFactsSchema } from '../audit-text.js';
import { id, ok, password, username } from './fields.js';
import { route } from './route.js';
import { PASSWORD_MIN_LENGTH, USERNAME_CHECK_MIN_LENGTH } from '../constants.js';
import { isValidUsernameFormat } from '../validation/auth.js';

/** owner: everything (staff accounts, prices, settings, refunds); staff: the shift's work. */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Header every state-changing console call carries (the session's CSRF token). */
export const CSRF_HEADER = 'x-csrf-token';
/** The console session cookie (HttpOnly, SameSite=Strict, Path=/). */
export const CONSOLE_COOKIE = 'sp_console';

const isoTime = z.string();
const totpCode = z.string().trim().regex(/^\d{6}$/, 'A code is 6 digits.');

export const consoleUserSchema = z.object({
  id,
  username: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
});
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

export const consoleSessionSchema = z.object({
  user: consoleUserSchema,
  csrfToken: z.string(),
  /** An owner without a second factor may only enrol one until then. */
  mustEnrolTotp: z.boolean(),
  expiresAt: isoTime,
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;

export const consoleLogin = route({
  method: 'POST',
  path: '/admin/console/login',
  auth: 'none',
  body: z.object({ username, password, totp: totpCode.optional() }),
  /** totp_required: the password was right; send it again with the authenticator's code. */
  response: z.discriminatedUnion('status', [
    z.object({ status: z.literal('totp_required') }),
    z.object({ status: z.literal('signed_in'), session: consoleSessionSchema }),
  ]),
});

export const consoleSession = route({
  method: 'GET',
  path: '/admin/console/session',
  auth: 'admin',
  response: consoleSessionSchema,
});

export const consoleLogout = route({
  method: 'POST',
  path: '/admin/console/logout',
  auth: 'admin',
  response: ok,
});

export const totpSetup = route({
  method: 'POST',
  path: '/admin/console/totp/setup',
  auth: 'admin',
  /** setupCode: an owner's one-time set-up code (another owner's, or `init-owner --enrol` on the server machine); staff need none. */
  body: z.object({ setupCode: z.string().trim().max(32).optional() }),
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }),
});

/** A one-time set-up code for an owner without an authenticator (24 hours, used once); issued by another owner. */
export const staffSetupCode = route({
  method: 'POST',
  path: '/admin/staff/:username/totp/setup-code',
  auth: 'admin',
  params: z.object({ username }),
  response: z.object({ code: z.string(), expiresAt: isoTime }),
});

export const totpConfirm = route({
  method: 'POST',
  path: '/admin/console/totp/confirm',
  auth: 'admin',
  body: z.object({ code: totpCode }),
  response: ok,
});

// ── The room ───────────────────────────────────────────────────────────────

/** The login gates that hold a signed-in customer at a station (issue 23): the top-up gate, a password to change. */
export const CUSTOMER_GATES = ['top_up', 'password'] as const;
export type CustomerGate = (typeof CUSTOMER_GATES)[number];

export const roomStationSchema = adminStationSchema.extend({
  groupId: z.string().nullable(),
  /** The customer's balance (IQD) while a member plays; null for guests and free stations. */
  balance: z.number().nullable(),
  /** Name of the game being played, if the station reported one. */
  playing: z.string().nullable(),
  /** Staff's message with the status (a lock, issue 23), as the station shows it; null without one. */
  statusMessage: z.string().nullable().optional(),
  /** The hold on the station now (issue 23): until when, for whom (staff only; the station is told only until when), its label. */
  hold: z.object({ until: isoTime, customer: z.string().nullable(), label: z.string() }).nullable().optional(),
  /** The customer on it is held at a login gate (issue 23): the top-up gate or a password to change, since when, until when it lets go. */
  atGate: z.object({ gate: z.enum(CUSTOMER_GATES), since: isoTime, expiresAt: isoTime.nullable() }).nullable().optional(),
});
export type RoomStation = z.infer<typeof roomStationSchema>;

export const consoleRoom = route({
  method: 'GET',
  path: '/admin/console/room',
  auth: 'admin',
  response: z.array(roomStationSchema),
});

export const RECEIPT_STATES = ['sent', 'delivered', 'done', 'failed'] as const;
/** The reasons the server itself gives on a receipt (a refusal carries the station's own words after `refused: `). */
export const RECEIPT_REASONS = {
  offline: 'offline: the station is not connected',
  offlineLater: 'offline: the station gets it when it reconnects',
  timedOut: 'timed out: the station did not answer',
} as const;
export const RECEIPT_REFUSED_PREFIX = 'refused: ';
/** The receipts of a cafe's own stations (issue 22): each owner route's action name on its receipt. */
export const STATION_RECEIPT_ACTIONS: Readonly<Record<string, string>> = {
  'POST /admin/stations': 'add-station',
  'PATCH /admin/stations/:stationId': 'edit-station',
  'POST /admin/stations/:stationId/pairing-code': 'pairing-code',
  'DELETE /admin/stations/:stationId/credential': 'revoke-credential',
};
export const receiptSchema = z.object({
  id: z.string(),
  stationId: id,
  stationNumber: z.number().int().nullable(),
  /**
   * 'unlock-guest'; 'lock' (a status with staff's message, the message on the receipt);
   * `status:<status>`; or the command's name (RESTART, …).
   */
  action: z.string(),
  state: z.enum(RECEIPT_STATES),
  /** Why it failed: offline, refused (with the server's message), timed out. */
  reason: z.string().nullable(),
  by: z.string(),
  at: isoTime,
  /** A lock's message (action `lock`, issue 23); null or absent otherwise. */
  message: z.string().nullable().optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const consoleReceipts = route({
  method: 'GET',
  path: '/admin/console/receipts',
  auth: 'admin',
  response: z.array(receiptSchema),
});

// ── Customers ──────────────────────────────────────────────────────────────

export const customerSchema = z.object({
  id,
  username: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  type: z.string(),
  balance: z.number(),
  freeBalance: z.number(),
  xp: z.number(),
  level: z.number(),
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  requirePasswordReset: z.boolean(),
  requireBalanceTopUp: z.boolean(),
  /** Turned off by staff (issue 15): cannot sign in; null while the account works. */
  disabled: z.object({ at: isoTime, by: z.string().nullable(), reason: z.string().nullable() }).nullable().default(null),
});
export type Customer = z.infer<typeof customerSchema>;

export const ledgerLineSchema = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  kind: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  orderId: z.number().nullable(),
  staff: z.string().nullable(),
  createdAt: isoTime,
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const customerSearch = route({
  method: 'GET',
  path: '/admin/customers',
  auth: 'admin',
  auditRead: true,
  query: z.object({ q: z.string().trim().max(100).optional() }),
  response: z.array(customerSchema),
});

export const customerDetail = route({
  method: 'GET',
  path: '/admin/customers/:username',
  auth: 'admin',
  auditRead: true,
  params: z.object({ username }),
  response: z.object({
    customer: customerSchema,
    ledger: z.array(ledgerLineSchema),
    sessions: z.number().int(),
    cards: z.number().int(),
  }),
});

/**
 * A new customer made at the counter (issue 23): a username of the sign-up's format, a first password
 * the customer changes at their first login (the account starts with the password-change gate), and
 * optionally a name and a phone number.
 */
export const customerCreate = route({
  method: 'POST',
  path: '/admin/customers',
  auth: 'admin',
  body: z.object({
    username: z
      .string()
      .trim()
      .min(USERNAME_CHECK_MIN_LENGTH, `A username has at least ${USERNAME_CHECK_MIN_LENGTH} characters.`)
      .max(32)
      .refine(isValidUsernameFormat, 'Letters and digits only, with at most one dot in the middle.'),
    password: z.string().min(PASSWORD_MIN_LENGTH, `A password has at least ${PASSWORD_MIN_LENGTH} characters.`).max(256),
    displayName: z.string().trim().max(64).optional(),
    phoneNumber: z.string().trim().max(32).optional(),
  }),
  response: customerSchema,
});

export const PAYMENT_METHODS = ['cash', 'card'] as const;
const amount = z.number().int().min(1).max(10_000_000);
const note = z.string().trim().min(1).max(300);

export const customerTopUp = route({
  method: 'POST',
  path: '/admin/customers/:username/top-up',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ amount, method: z.enum(PAYMENT_METHODS), note: z.string().trim().max(300).optional() }),
  response: z.object({ balance: z.number(), ledgerId: z.number() }),
});

export const customerRefund = route({
  method: 'POST',
  path: '/admin/customers/:username/refund',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ amount, reason: note }),
  response: z.object({ balance: z.number(), ledgerId: z.number() }),
});

/** Free time: IQD added to the protected (free) balance, spent before the paid one; a ledger line with the reason. */
export const customerFreeTime = route({
  method: 'POST',
  path: '/admin/customers/:username/free-time',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ amount, reason: note }),
  response: z.object({ freeBalance: z.number(), ledgerId: z.number() }),
});

export const customerFlags = route({
  method: 'POST',
  path: '/admin/customers/:username/flags',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ requirePasswordReset: z.boolean().optional(), requireBalanceTopUp: z.boolean().optional() }),
  response: customerSchema,
});

// ── Shifts ─────────────────────────────────────────────────────────────────

export const shiftSchema = z.object({
  id,
  openedBy: z.string(),
  openedAt: isoTime,
  openingFloat: z.number(),
  closedBy: z.string().nullable(),
  closedAt: isoTime.nullable(),
  countedCash: z.number().nullable(),
  note: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const shiftReportSchema = z.object({
  shift: shiftSchema,
  /** Sessions started in the shift (a customer still playing counts). */
  sessions: z.number().int(),
  orders: z.object({ count: z.number().int(), total: z.number() }),
  topUps: z.object({ cash: z.number(), card: z.number(), count: z.number().int() }),
  refunds: z.object({ total: z.number(), count: z.number().int() }),
  /** opening float + cash top-ups + cash package and prepaid card sales + approved orders (paid at the counter) − refunds. */
  expectedCash: z.number(),
  countedCash: z.number().nullable(),
  /** counted − expected; null until the shift is closed. */
  difference: z.number().nullable(),
  /** Every staff movement of the shift's ledger lines, by kind and payment method (issue 21: the report equals the ledger). */
  movements: z
    .array(z.object({ kind: z.string(), method: z.string().nullable(), total: z.number(), count: z.number().int() }))
    .optional(),
  /** Packages sold at the counter in the shift (issue 26). */
  packages: z.object({ cash: z.number(), card: z.number(), count: z.number().int() }).optional(),
  /** Prepaid cards sold at the counter in the shift (issue 23): count is the cards (with those it adopted), not the sales. */
  prepaid: z.object({ cash: z.number(), card: z.number(), count: z.number().int() }).optional(),
  /** Play billed during the shift, split by what it was billed as: plain time, each rate period, minutes on packages (issue 26). */
  play: z
    .object({
      plain: z.number(),
      periods: z.array(z.object({ id: z.string(), name: z.string(), iqd: z.number() })),
      packageMinutes: z.number().int(),
    })
    .optional(),
  /** Money staff moved while no shift was open, adopted by this shift when it opened: who, what, when. */
  unattended: z
    .array(z.object({ staff: z.string().nullable(), kind: z.string(), method: z.string().nullable(), amount: z.number(), at: isoTime }))
    .optional(),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

/** The owner's limits on staff money (issue 21): one movement, and what one shift may credit; IQD. */
export const walletLimitsSchema = z.object({
  actionMax: z.number().int('IQD amounts are whole numbers').min(1).max(100_000_000),
  shiftMax: z.number().int('IQD amounts are whole numbers').min(1).max(1_000_000_000),
});
export type WalletLimits = z.infer<typeof walletLimitsSchema>;

export const walletLimits = route({
  method: 'GET',
  path: '/admin/wallet/limits',
  auth: 'admin',
  response: walletLimitsSchema,
});

export const setWalletLimits = route({
  method: 'PUT',
  path: '/admin/wallet/limits',
  auth: 'admin',
  body: walletLimitsSchema,
  response: walletLimitsSchema,
});

export const currentShift = route({
  method: 'GET',
  path: '/admin/shifts/current',
  auth: 'admin',
  response: z.object({ shift: shiftSchema.nullable() }),
});

export const openShift = route({
  method: 'POST',
  path: '/admin/shifts/open',
  auth: 'admin',
  body: z.object({ openingFloat: z.number().int().min(0).max(100_000_000) }),
  response: shiftSchema,
});

export const closeShift = route({
  method: 'POST',
  path: '/admin/shifts/close',
  auth: 'admin',
  body: z.object({ countedCash: z.number().int().min(0).max(100_000_000), note: z.string().trim().max(300).optional() }),
  response: shiftReportSchema,
});

export const shiftList = route({
  method: 'GET',
  path: '/admin/shifts',
  auth: 'admin',
  response: z.array(shiftSchema),
});

export const shiftReport = route({
  method: 'GET',
  path: '/admin/shifts/:id/report',
  auth: 'admin',
  params: z.object({ id }),
  response: shiftReportSchema,
});

// ── Audit and staff accounts (owner) ───────────────────────────────────────

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoTime,
  staff: z.string(),
  role: z.string(),
  via: z.string(),
  action: z.string(),
  stationId: z.string().nullable(),
  customer: z.string().nullable(),
  target: z.string().nullable(),
  statusCode: z.number().int(),
  detail: z.string(),
  ip: z.string().nullable(),
  /** What was done, to whom, the amount, the method, the note (issue 23): word it with auditSentence (src/shared/audit-text.ts); null on older lines. */
  facts: auditFactsSchema.nullable().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLog = route({
  method: 'GET',
  path: '/admin/audit',
  auth: 'admin',
  query: z.object({
    staff: z.string().trim().max(64).optional(),
    station: z.string().trim().max(128).optional(),
    customer: z.string().trim().max(64).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  }),
  response: z.array(auditEntrySchema),
});

export const staffAccountSchema = z.object({
  id,
  username: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  lastLoginAt: isoTime.nullable(),
  /** Turned off by an owner (issue 15): cannot sign in anywhere. */
  disabled: z.boolean().default(false),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffAccounts = route({
  method: 'GET',
  path: '/admin/staff',
  auth: 'admin',
  response: z.array(staffAccountSchema),
});

export const createStaffAccount = route({
  method: 'POST',
  path: '/admin/staff',
  auth: 'admin',
  body: z.object({
    username: z.string().trim().min(3).max(32).regex(/^[A-Za-z0-9_.-]+$/),
    password: z.string().min(8).max(256),
    role: z.enum(STAFF_ROLES),
    displayName: z.string().trim().max(64).optional(),
  }),
  response: staffAccountSchema,
});

// ── Holds ──────────────────────────────────────────────────────────────────

export const holdSchema = z.object({
  id,
  stationId: id,
  stationNumber: z.number().int().nullable(),
  customer: z.string().nullable(),
  label: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  createdBy: z.string(),
  /** upcoming → active (the station reads reserved) → released (its end, or staff). */
  state: z.enum(['upcoming', 'active', 'released']),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdList = route({
  method: 'GET',
  path: '/admin/holds',
  auth: 'admin',
  response: z.array(holdSchema),
});

export const createHold = route({
  method: 'POST',
  path: '/admin/holds',
  auth: 'admin',
  body: z.object({
    stationIds: z.array(id).min(1).max(50),
    /** A customer's username (their tier must allow reservations and its hours), or none for an event. */
    customer: username.optional(),
    label: z.string().trim().min(1).max(120),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  }),
  response: z.array(holdSchema),
});

export const releaseHold = route({
  method: 'POST',
  path: '/admin/holds/:id/release',
  auth: 'admin',
  params: z.object({ id }),
  response: holdSchema,
});

// ── The day at a glance ────────────────────────────────────────────────────

const byMethod = z.object({ cash: z.number(), card: z.number() });

export const todaySchema = z.object({
  /** The day (server's local date) the figures cover, from its midnight to now. */
  day: z.string(),
  /** Its midnight (ISO): the first hour of `occupancy`. */
  from: isoTime.optional(),
  /**
   * Kept for older consoles; do not add these up (sessions is play consumed, the rest money taken).
   * sessions: play billed since midnight (IQD taken from balances); topUpsCash/Card: top-ups; orders: approved orders.
   */
  revenue: z.object({ sessions: z.number(), topUpsCash: z.number(), topUpsCard: z.number(), orders: z.number() }),
  /**
   * Money taken at the counter since midnight (issue 23), from the ledger: top-ups, orders paid, packages sold,
   * prepaid cards sold, by method; refunds handed back; `total` = cash + card − refunds. What prepaid cards added to
   * balances when redeemed today is `prepaidRedeemed`, never part of the total (a sold card was counted when sold).
   */
  money: z
    .object({
      topUps: byMethod,
      orders: byMethod,
      packages: byMethod,
      /** Prepaid cards sold at the counter (issue 23); 0 from older servers. */
      prepaid: byMethod.default({ cash: 0, card: 0 }),
      refunds: z.number(),
      cash: z.number(),
      card: z.number(),
      total: z.number(),
      prepaidRedeemed: z.number(),
    })
    .optional(),
  /** Play consumed since midnight (issue 23): what billing took from balances (paid and free), and free time staff gave. Never added to money. */
  play: z.object({ billed: z.number(), fromPaid: z.number(), fromFree: z.number(), freeTimeGiven: z.number() }).optional(),
  /** 24 values: the share (0–100) of stations busy during each hour of the day so far. */
  occupancy: z.array(z.number()),
  /** The hour of the day now (0–23): later hours of `occupancy` have not happened yet. */
  currentHour: z.number().int().min(0).max(23).optional(),
  stationsInUse: z.number().int(),
  stations: z.number().int(),
  openCalls: z.number().int(),
  pendingOrders: z.number().int(),
  /**
   * What the inbox shows now, by kind (issue 23): calls not resolved, orders and package orders pending,
   * reward claims waiting, flagged centre accounts, and the room's alerts (src/shared/inbox.ts roomAlerts:
   * lost, low time, at a gate). total is `waitingTotal` of them: the inbox's own count (security alerts,
   * told to each console, are in neither).
   */
  waiting: z
    .object({
      calls: z.number().int(),
      orders: z.number().int(),
      /** 0 from a server before package orders. */
      packageOrders: z.number().int().default(0),
      claims: z.number().int(),
      flags: z.number().int(),
      lost: z.number().int(),
      lowTime: z.number().int(),
      atGate: z.number().int(),
      total: z.number().int(),
    })
    .optional(),
});
export type Today = z.infer<typeof todaySchema>;

export const consoleToday = route({
  method: 'GET',
  path: '/admin/console/today',
  auth: 'admin',
  response: todaySchema,
});
