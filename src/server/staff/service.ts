/**
 * The staff domain's rules (issue 15, in domain shape since issue 21). One sign-in decision for both staff doors —
 * the console (a cookie session) and the bearer door the CLI and scripts use (`POST /admin/login`): the per-address
 * budgets, the password, a staff account, not disabled, the second factor with its lockout, an audit line for each
 * outcome (no line, no sign-in). Then the console's session, sign-out (its live /staff sockets close at once), TOTP
 * enrolment, new staff accounts and the audit log.
 */
import { auditFactsSchema, type AuditFacts } from '../../shared/audit-text.js';
import { TOTP_NEEDED, type ConsoleSession, type StaffAccount, type StaffRole } from '../../shared/api/routes.js';
import { ACCOUNT_DISABLED } from '../../shared/api/desk.js';
import { auditSignIn } from '../authority/audit.js';
import { staffRole, type Caller } from '../authority/caller.js';
import { CONSOLE_MAX_MS, createConsoleSession, endConsoleSession, markSecondFactor, type ConsoleSessionRecord } from '../authority/console-sessions.js';
import { checkSecondFactor, type SecondFactorDeps } from '../authority/second-factor.js';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS, WRONG_CODE } from '../authority/sign-in.js';
import { beginEnrolment, totpState } from '../authority/totp.js';
import { ENROLMENT_CODE_NEEDED, ENROLMENT_CODE_WRONG, issueEnrolmentCode, spendEnrolmentCode } from '../authority/enrolment-codes.js';
import { hashPassword, verifyPassword } from '../crypto/passwords.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { BUDGETS } from '../http/budgets.js';
import { badRequest, conflict, forbidden, notFound, unauthorized, type HttpError } from '../base/errors.js';
import { insertUser, newUserRow } from '../users/new-user.js';
import { findUserByUsername } from '../users/profile.js';
import { auditLines, touchLastLogin, userById } from './repo.js';

export const NOT_STAFF = 'Only staff accounts can sign in to the console.';
export const NOT_STAFF_API = 'Only admin and staff accounts can use the admin API.';
export const TOTP_ALREADY = 'Two-step sign-in is already set up for this account.';
export const OWNER_ENROL_FIRST =
  'This owner account has no authenticator yet: sign in at /console/ and set one up with a one-time set-up code from another owner (or `npm run cafe -- init-owner --enrol USERNAME` on the server machine).';
export { TOTP_NEEDED };

/** The two doors staff sign in by: the console's cookie session, or a bearer token (CLI, scripts). */
export type StaffDoor = 'console' | 'bearer';

const DOORS: Record<StaffDoor, { action: string; budget: string; notStaff: string }> = {
  console: { action: 'console.login', budget: 'console', notStaff: NOT_STAFF },
  bearer: { action: 'admin.login', budget: 'admin', notStaff: NOT_STAFF_API },
};

export interface StaffCredentials {
  username: string;
  password: string;
  totp?: string;
}

type SignInDeps = Pick<ServerContext, 'db' | 'clock' | 'budgets' | 'loginRateLimit' | 'audit' | 'secrets' | 'inbox'>;

/** The second factor's lockout as both its checks (sign-in, enrolment) use it: a lock is told to the consoles. */
const secondFactorOf = (ctx: Pick<ServerContext, 'db' | 'clock' | 'audit' | 'secrets' | 'inbox'>): SecondFactorDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  secrets: ctx.secrets,
  audit: ctx.audit,
  alert: (alert) => ctx.inbox.securityAlert(alert),
});

/**
 * Who may sign in as staff, at either door: the user and whether the second factor was given, or 'totp_required'
 * (console only: the page then asks for the code); a thrown 401/403/429 otherwise, each with its audit line.
 */
export async function signInStaff(
  ctx: SignInDeps,
  door: StaffDoor,
  input: StaffCredentials,
  ip: string,
): Promise<{ user: UserRow; secondFactor: boolean } | 'totp_required'> {
  const { db } = ctx;
  const { action, budget, notStaff } = DOORS[door];
  const name = input.username.trim().toLowerCase();
  await ctx.budgets.take(BUDGETS.loginIp, `${budget}|${ip}`, TOO_MANY_LOGINS);
  await ctx.budgets.take(
    { ...BUDGETS.loginIpUser, max: ctx.loginRateLimit.max, windowMs: ctx.loginRateLimit.windowMs, fixed: true },
    `${budget}|${ip}|${name}`,
    TOO_MANY_LOGINS,
  );
  const user = await findUserByUsername(db, input.username);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  // Every sign-in that names a staff account is in the audit log (issue 22): no line, no sign-in.
  const refuse = async (error: HttpError): Promise<never> => {
    await auditSignIn(ctx.audit, action, door, user, error.statusCode, ip, error.message);
    throw error;
  };
  if (!user || !valid) return refuse(unauthorized(INVALID_CREDENTIALS));
  if (!staffRole(user.type)) throw forbidden(notStaff);
  if (user.disabled_at) return refuse(forbidden(ACCOUNT_DISABLED));
  const { enabled } = await totpState(db, user.id);
  // An owner without an authenticator gets no token (issue 22): the console's enrolment comes first.
  if (!enabled && door === 'bearer' && staffRole(user.type) === 'owner') return refuse(forbidden(OWNER_ENROL_FIRST));
  if (enabled && !input.totp) {
    if (door === 'console') return 'totp_required';
    return refuse(unauthorized(TOTP_NEEDED));
  }
  if (enabled && !(await checkSecondFactor(secondFactorOf(ctx), user, input.totp ?? '', { via: door, ip }))) return refuse(unauthorized(WRONG_CODE));
  await auditSignIn(ctx.audit, action, door, user, 200, ip);
  return { user, secondFactor: enabled };
}

export async function sessionView(
  ctx: Pick<ServerContext, 'db'>,
  user: Pick<UserRow, 'id' | 'username' | 'display_name' | 'type'>,
  record: ConsoleSessionRecord | null,
): Promise<ConsoleSession> {
  const role = staffRole(user.type) as StaffRole;
  const { enabled } = await totpState(ctx.db, user.id);
  return {
    user: { id: user.id, username: user.username, displayName: user.display_name, role, totpEnabled: enabled },
    csrfToken: record?.csrfToken ?? '',
    mustEnrolTotp: role === 'owner' && !(record?.secondFactor ?? true),
    expiresAt: record?.expiresAt ?? new Date(0).toISOString(),
  };
}

/** The console's sign-in: a new cookie session (its value goes in the cookie, never in the body). */
export async function consoleSignIn(ctx: ServerContext, input: StaffCredentials, ip: string) {
  const signed = await signInStaff(ctx, 'console', input, ip);
  if (signed === 'totp_required') return { status: 'totp_required' as const };
  const { user, secondFactor } = signed;
  const { cookie, record } = await createConsoleSession(ctx.db, ctx.clock, user, { secondFactor, ip });
  await touchLastLogin(ctx.db, user.id, isoNow(ctx.clock));
  return { status: 'signed_in' as const, cookie, maxAgeSeconds: CONSOLE_MAX_MS / 1000, session: await sessionView(ctx, user, record) };
}

/** The bearer door (CLI, scripts): an operator token of one hour. */
export async function bearerSignIn(ctx: ServerContext, input: StaffCredentials, ip: string) {
  const signed = await signInStaff(ctx, 'bearer', input, ip);
  if (signed === 'totp_required') throw unauthorized(TOTP_NEEDED);
  const { user } = signed;
  return { accessToken: ctx.tokens.sign({ sub: user.id, type: user.type, sessionId: null, epoch: user.token_epoch }) };
}

export async function currentSession(ctx: ServerContext, who: Caller): Promise<ConsoleSession> {
  return sessionView(ctx, await userById(ctx.db, who.userId), who.console);
}

/** Sign-out: the console session ends, and so does every /staff socket it opened (on every node). */
export async function consoleSignOut(ctx: ServerContext, who: Caller): Promise<void> {
  if (!who.console) return;
  await endConsoleSession(ctx.db, ctx.clock, who.console.idHash);
  ctx.staff.closeConsoleSession(who.console.idHash);
}

/**
 * Starts an authenticator enrolment. An owner's needs more than the password (issue 22): the one-time set-up
 * code another owner issued (or `init-owner --enrol` printed), spent here.
 */
export async function beginTotp(ctx: ServerContext, who: Caller, setupCode?: string) {
  const user = await userById(ctx.db, who.userId);
  if ((await totpState(ctx.db, user.id)).enabled) throw conflict(TOTP_ALREADY);
  if (staffRole(user.type) === 'owner') {
    if (!setupCode) throw forbidden(ENROLMENT_CODE_NEEDED);
    if (!(await spendEnrolmentCode(ctx.db, ctx.clock, user.id, setupCode))) throw forbidden(ENROLMENT_CODE_WRONG);
  }
  const started = await beginEnrolment(ctx.db, ctx.clock, ctx.secrets, user);
  if (!started) throw conflict(TOTP_ALREADY);
  return started;
}

/** A one-time set-up code for another owner's authenticator (shown once to the owner who asked). */
export async function issueSetupCode(ctx: ServerContext, who: Caller, username: string) {
  const target = await findUserByUsername(ctx.db, username);
  if (!target || staffRole(target.type) !== 'owner') throw notFound(`No owner account named ${username}.`);
  if ((await totpState(ctx.db, target.id)).enabled) throw conflict(`${target.username} already has two-step sign-in; reset it first if the phone is lost.`);
  if (who.userId === target.id) throw forbidden('Another owner issues your set-up code.');
  return issueEnrolmentCode(ctx.db, ctx.clock, target.id, who.username);
}

export async function confirmTotp(ctx: ServerContext, who: Caller, code: string, ip: string) {
  const user = await userById(ctx.db, who.userId);
  if (!(await checkSecondFactor(secondFactorOf(ctx), user, code, { via: who.via, ip, enrolling: true }))) throw badRequest(WRONG_CODE);
  if (who.console) await markSecondFactor(ctx.db, who.console.idHash);
  return { success: true, message: 'Two-step sign-in is on.' };
}

export async function createStaff(
  ctx: ServerContext,
  input: { username: string; password: string; role: StaffRole; displayName?: string },
): Promise<StaffAccount> {
  if (await findUserByUsername(ctx.db, input.username)) throw conflict(`The username ${input.username} is taken.`);
  const row = newUserRow({
    username: input.username,
    type: input.role === 'owner' ? 'admin' : 'staff',
    password_hash: await hashPassword(input.password),
    created_at: isoNow(ctx.clock),
    display_name: input.displayName || null,
  });
  await insertUser(ctx.db, row);
  return { id: row.id, username: row.username, displayName: row.display_name, role: input.role, totpEnabled: false, lastLoginAt: null, disabled: false };
}

export async function auditLog(ctx: ServerContext, query: { limit?: number; staff?: string; station?: string; customer?: string }) {
  const rows = await auditLines(ctx.db, { ...query, limit: query.limit ?? 200 });
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    staff: r.staff_username,
    role: r.role,
    via: r.via,
    action: r.action,
    stationId: r.station_id,
    customer: r.customer,
    target: r.target,
    statusCode: r.status_code,
    detail: r.detail,
    ip: r.ip,
    facts: parseFacts(r.facts),
  }));
}

/** A line's facts as stored (issue 23); null on lines older than them or unreadable. */
function parseFacts(raw: string | null | undefined): AuditFacts | null {
  if (!raw) return null;
  try {
    const parsed = auditFactsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
