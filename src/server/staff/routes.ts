/**
 * Staff at both doors (issue 15; domain shape since issue 21): the console's sign-in with its cookie session and
 * TOTP enrolment, the bearer sign-in the CLI uses (`POST /admin/login`), staff accounts and the audit log for owners.
 * Each handler parses, calls the staff service once, and answers; the cookie is the only HTTP matter kept here.
 */
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSOLE_COOKIE,
  adminLogin,
  auditLog,
  consoleLogin,
  consoleLogout,
  consoleSession,
  createStaffAccount,
  staffAccounts,
  staffSetupCode,
  totpConfirm,
  totpSetup,
} from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import {
  auditLog as readAuditLog,
  bearerSignIn,
  beginTotp,
  confirmTotp,
  consoleSignIn,
  consoleSignOut,
  createStaff,
  currentSession,
  issueSetupCode,
} from './service.js';
import { staffAccounts as listStaffAccounts } from './staff-accounts.js';

function setCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number): void {
  reply.setCookie(CONSOLE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function registerStaffRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, consoleLogin, async ({ body, request, reply }) => {
    const signed = await consoleSignIn(ctx, body, request.ip);
    if (signed.status === 'totp_required') return signed;
    setCookie(request, reply, signed.cookie, signed.maxAgeSeconds);
    return { status: signed.status, session: signed.session };
  });

  registerRoute(app, ctx, adminLogin, ({ body, request }) => bearerSignIn(ctx, body, request.ip));

  registerRoute(app, ctx, consoleSession, ({ caller }) => currentSession(ctx, signedIn(caller)));

  registerRoute(app, ctx, consoleLogout, async ({ caller, request, reply }) => {
    await consoleSignOut(ctx, signedIn(caller));
    setCookie(request, reply, '', 0);
    return { success: true };
  });

  registerRoute(app, ctx, totpSetup, ({ caller, body }) => beginTotp(ctx, signedIn(caller), body.setupCode));
  registerRoute(app, ctx, staffSetupCode, ({ caller, params }) => issueSetupCode(ctx, signedIn(caller), params.username));
  registerRoute(app, ctx, totpConfirm, ({ caller, body, request }) => confirmTotp(ctx, signedIn(caller), body.code, request.ip));
  registerRoute(app, ctx, staffAccounts, () => listStaffAccounts(ctx.db));
  registerRoute(app, ctx, createStaffAccount, ({ body }) => createStaff(ctx, body));
  registerRoute(app, ctx, auditLog, ({ query }) => readAuditLog(ctx, query));
}
