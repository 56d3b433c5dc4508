/** Operator sign-in, ending sessions and changing balances. */
import type { FastifyInstance } from 'fastify';
import { adminAddBalance, adminEndSession, adminLogin } from '../../shared/api/routes.js';
import { ACCOUNT_DISABLED } from '../../shared/api/desk.js';
import { auditSignIn } from '../authority/audit.js';
import { signedIn, STAFF_TYPES } from '../authority/caller.js';
import { checkSecondFactor, type SecurityAlert } from '../authority/second-factor.js';
import { verifyPassword } from '../auth/passwords.js';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS, WRONG_CODE } from '../authority/sign-in.js';
import type { ServerContext } from '../context.js';
import type { HttpError} from '../http/errors.js';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.js';
import { BUDGETS } from '../http/budgets.js';
import { registerRoute } from '../http/route.js';
import { findUserByUsername } from '../users/profile.js';
import type { SecretBox } from '../game-accounts/secret-box.js';
import { totpState } from '../authority/totp.js';

export const OWNER_ENROL_FIRST =
  'This owner account has no authenticator yet: sign in at /console/ and set one up with a one-time set-up code from another owner (or `npm run cafe -- init-owner --enrol USERNAME` on the server machine).';
export const TOTP_NEEDED = 'This account uses two-step sign-in: send totp, the 6 digits of its authenticator.';

export function registerAdminAccountRoutes(app: FastifyInstance, ctx: ServerContext, secrets?: SecretBox): void {
  const { db, sessions, tokens } = ctx;

  registerRoute(app, ctx, adminLogin, async ({ body, request }) => {
    const name = body.username.trim().toLowerCase();
    await ctx.budgets.take(BUDGETS.loginIp, `admin|${request.ip}`, TOO_MANY_LOGINS);
    await ctx.budgets.take(
      { ...BUDGETS.loginIpUser, max: ctx.loginRateLimit.max, windowMs: ctx.loginRateLimit.windowMs, fixed: true },
      `admin|${request.ip}|${name}`,
      TOO_MANY_LOGINS,
    );
    const user = await findUserByUsername(db, body.username);
    const valid = await verifyPassword(user?.password_hash ?? null, body.password);
    // Every sign-in to the admin API that names a staff account is in the audit log (issue 22); no line, no token.
    const refuse = async (error: HttpError): Promise<never> => {
      await auditSignIn(ctx.audit, 'admin.login', 'bearer', user, error.statusCode, request.ip, error.message);
      throw error;
    };
    if (!user || !valid) return refuse(unauthorized(INVALID_CREDENTIALS));
    if (!STAFF_TYPES.includes(user.type)) throw forbidden('Only admin and staff accounts can use the admin API.');
    if (user.disabled_at) return refuse(forbidden(ACCOUNT_DISABLED));
    const { enabled } = await totpState(db, user.id);
    // An owner without an authenticator gets no token (issue 22): the console's enrolment comes first.
    if (!enabled && user.type === 'admin') return refuse(forbidden(OWNER_ENROL_FIRST));
    if (enabled) {
      if (!body.totp) return refuse(unauthorized(TOTP_NEEDED));
      const secondFactor = { db, clock: ctx.clock, secrets: secrets ?? ctx.secrets, audit: ctx.audit, alert: (alert: SecurityAlert) => ctx.inbox.securityAlert(alert) };
      if (!(await checkSecondFactor(secondFactor, user, body.totp, { via: 'bearer', ip: request.ip }))) return refuse(unauthorized(WRONG_CODE));
    }
    await auditSignIn(ctx.audit, 'admin.login', 'bearer', user, 200, request.ip);
    return { accessToken: tokens.sign({ sub: user.id, type: user.type, sessionId: null, epoch: user.token_epoch }) };
  });

  registerRoute(app, ctx, adminEndSession, async ({ params }) => {
    const session = await sessions.find(params.sessionId);
    if (!session) throw notFound(`Unknown session: ${params.sessionId}`);
    const ended = session.ended_at ? null : await sessions.end(session.id, 'ended_by_staff');
    if (!ended) throw conflict(`Session ${params.sessionId} has already ended.`);
    return { success: true, message: `Session ${ended.id} ended` };
  });

  registerRoute(app, ctx, adminAddBalance, async ({ params, body, caller }) => {
    const user = await findUserByUsername(db, params.username);
    if (!user) throw notFound(`Unknown user: ${params.username}`);
    const by = signedIn(caller);
    const moved = await ctx.wallet.move({
      userId: user.id,
      kind: 'adjustment',
      amount: body.amount,
      reason: 'balance adjustment (admin)',
      actor: { userId: by.userId, username: by.username },
    });
    return { success: true, balance: moved?.balance ?? user.balance };
  });
}
