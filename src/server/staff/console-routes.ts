/**
 * The console's sign-in (issue 15): password, then the authenticator's code
 * for anyone who enrolled one (owners must enrol before doing anything else);
 * an HttpOnly SameSite=Strict cookie session with a CSRF token; TOTP
 * enrolment; staff accounts and the audit log for owners.
 */
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSOLE_COOKIE,
  auditLog,
  consoleLogin,
  consoleLogout,
  consoleSession,
  createStaffAccount,
  staffAccounts,
  staffSetupCode,
  totpConfirm,
  totpSetup,
  type ConsoleSession,
  type StaffRole,
} from '../../shared/api/routes.js';
import { ACCOUNT_DISABLED } from '../../shared/api/desk.js';
import { signedIn, staffRole, type Caller } from '../authority/caller.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS, WRONG_CODE } from '../authority/sign-in.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { Db, UserRow } from '../db/schema.js';
import type { SecretBox } from '../game-accounts/secret-box.js';
import { BUDGETS } from '../http/budgets.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findUserByUsername } from '../users/profile.js';
import { newUserRow } from '../users/new-user.js';
import { auditSignIn, type AuditSink } from '../authority/audit.js';
import { CONSOLE_MAX_MS, createConsoleSession, endConsoleSession, markSecondFactor, type ConsoleSessionRecord } from '../authority/console-sessions.js';
import { staffAccounts as listStaffAccounts } from './staff-accounts.js';
import { beginEnrolment, totpState } from '../authority/totp.js';
import { checkSecondFactor, type SecurityAlert } from '../authority/second-factor.js';
import { ENROLMENT_CODE_NEEDED, ENROLMENT_CODE_WRONG, issueEnrolmentCode, spendEnrolmentCode } from '../authority/enrolment-codes.js';

export const NOT_STAFF = 'Only staff accounts can sign in to the console.';
export const TOTP_ALREADY = 'Two-step sign-in is already set up for this account.';

async function sessionView(db: Db, user: Pick<UserRow, 'id' | 'username' | 'display_name' | 'type'>, record: ConsoleSessionRecord | null): Promise<ConsoleSession> {
  const role = staffRole(user.type) as StaffRole;
  const { enabled } = await totpState(db, user.id);
  return {
    user: { id: user.id, username: user.username, displayName: user.display_name, role, totpEnabled: enabled },
    csrfToken: record?.csrfToken ?? '',
    mustEnrolTotp: role === 'owner' && !(record?.secondFactor ?? true),
    expiresAt: record?.expiresAt ?? new Date(0).toISOString(),
  };
}

function setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  reply.setCookie(CONSOLE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function registerConsoleAuthRoutes(app: FastifyInstance, ctx: ServerContext, deps: { secrets: SecretBox; audit: AuditSink }): void {
  const { db, clock } = ctx;
  const { secrets, audit } = deps;

  const secondFactor = { db, clock, secrets, audit, alert: (alert: SecurityAlert) => ctx.inbox.securityAlert(alert) };
  const auditLogin = (user: UserRow | undefined, statusCode: number, ip: string, error?: string) =>
    auditSignIn(audit, 'console.login', 'console', user, statusCode, ip, error);

  registerRoute(app, ctx, consoleLogin, async ({ body, request, reply }) => {
    const name = body.username.trim().toLowerCase();
    await ctx.budgets.take(BUDGETS.loginIp, `console|${request.ip}`, TOO_MANY_LOGINS);
    await ctx.budgets.take(
      { ...BUDGETS.loginIpUser, max: ctx.loginRateLimit.max, windowMs: ctx.loginRateLimit.windowMs, fixed: true },
      `console|${request.ip}|${name}`,
      TOO_MANY_LOGINS,
    );
    const user = await findUserByUsername(db, body.username);
    const valid = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !valid) {
      await auditLogin(user, 401, request.ip, INVALID_CREDENTIALS);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (!staffRole(user.type)) {
      await auditLogin(undefined, 403, request.ip, NOT_STAFF);
      throw forbidden(NOT_STAFF);
    }
    if (user.disabled_at) {
      await auditLogin(user, 403, request.ip, ACCOUNT_DISABLED);
      throw forbidden(ACCOUNT_DISABLED);
    }
    const { enabled } = await totpState(db, user.id);
    if (enabled && !body.totp) return { status: 'totp_required' as const };
    if (enabled && !(await checkSecondFactor(secondFactor, user, body.totp ?? '', { via: 'console', ip: request.ip }))) {
      await auditLogin(user, 401, request.ip, WRONG_CODE);
      throw unauthorized(WRONG_CODE);
    }
    // The line first: a sign-in the log cannot record does not happen.
    await auditLogin(user, 200, request.ip);
    const { cookie, record } = await createConsoleSession(db, clock, user, { secondFactor: enabled, ip: request.ip });
    setCookie(request, reply, cookie, CONSOLE_MAX_MS / 1000);
    await db.updateTable('users').set({ last_login_at: isoNow(clock) }).where('id', '=', user.id).execute();
    return { status: 'signed_in' as const, session: await sessionView(db, user, record) };
  });

  const me = async (caller: Caller | null) => {
    const who = signedIn(caller);
    const user = await db.selectFrom('users').selectAll().where('id', '=', who.userId).executeTakeFirstOrThrow();
    return { who, user };
  };

  registerRoute(app, ctx, consoleSession, async ({ caller }) => {
    const { who, user } = await me(caller);
    return sessionView(db, user, who.console);
  });

  registerRoute(app, ctx, consoleLogout, async ({ caller, request, reply }) => {
    const who = signedIn(caller);
    if (who.console) await endConsoleSession(db, clock, who.console.idHash);
    setCookie(request, reply, '', 0);
    return { success: true };
  });

  registerRoute(app, ctx, totpSetup, async ({ caller, body }) => {
    const { user } = await me(caller);
    if ((await totpState(db, user.id)).enabled) throw conflict(TOTP_ALREADY);
    // An owner's authenticator: the password is not enough (issue 22); the one-time set-up code is spent here.
    if (staffRole(user.type) === 'owner') {
      if (!body.setupCode) throw forbidden(ENROLMENT_CODE_NEEDED);
      if (!(await spendEnrolmentCode(db, clock, user.id, body.setupCode))) throw forbidden(ENROLMENT_CODE_WRONG);
    }
    const started = await beginEnrolment(db, clock, secrets, user);
    if (!started) throw conflict(TOTP_ALREADY);
    return started;
  });

  registerRoute(app, ctx, staffSetupCode, async ({ params, caller }) => {
    const target = await findUserByUsername(db, params.username);
    if (!target || staffRole(target.type) !== 'owner') throw notFound(`No owner account named ${params.username}.`);
    if ((await totpState(db, target.id)).enabled) throw conflict(`${target.username} already has two-step sign-in; reset it first if the phone is lost.`);
    const by = signedIn(caller);
    if (by.userId === target.id) throw forbidden('Another owner issues your set-up code.');
    return issueEnrolmentCode(db, clock, target.id, by.username);
  });

  registerRoute(app, ctx, totpConfirm, async ({ caller, body, request }) => {
    const who = signedIn(caller);
    const { user } = await me(caller);
    if (!(await checkSecondFactor(secondFactor, user, body.code, { via: who.via, ip: request.ip, enrolling: true }))) throw badRequest(WRONG_CODE);
    if (who.console) await markSecondFactor(db, who.console.idHash);
    return { success: true, message: 'Two-step sign-in is on.' };
  });

  registerRoute(app, ctx, staffAccounts, () => listStaffAccounts(db));

  registerRoute(app, ctx, createStaffAccount, async ({ body }) => {
    if (await findUserByUsername(db, body.username)) throw conflict(`The username ${body.username} is taken.`);
    const row = newUserRow({
      username: body.username,
      type: body.role === 'owner' ? 'admin' : 'staff',
      password_hash: await hashPassword(body.password),
      created_at: isoNow(clock),
      display_name: body.displayName || null,
    });
    await db.insertInto('users').values(row).execute();
    return { id: row.id, username: row.username, displayName: row.display_name, role: body.role, totpEnabled: false, lastLoginAt: null, disabled: false };
  });

  registerRoute(app, ctx, auditLog, async ({ query }) => {
    let q = db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit ?? 200);
    if (query.staff) q = q.where('staff_username', '=', query.staff);
    if (query.station) q = q.where('station_id', '=', query.station);
    if (query.customer) q = q.where('customer', '=', query.customer);
    const rows = await q.execute();
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
    }));
  });
}
