/**
 * Turning accounts off and on at the desk (issue 15): a customer (staff) or a
 * staff member (owner) can be disabled with a reason. A disabled account
 * cannot sign in anywhere — a station's login answers ACCOUNT_DISABLED — and
 * everything it holds ends at once: its user's token_epoch moves on (every
 * token and console session of it is refused from then on) and a running
 * session at a station is ended (the station logs out). The owner can also
 * reset a staff member's password or authenticator; both end their sessions.
 * Every one of these is an audited admin call (src/server/authority/audit.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  customerDisable,
  customerEnable,
  staffDisable,
  staffEnable,
  staffResetPassword,
  staffResetTotp,
  type StaffAccount,
} from '../../shared/api/routes.js';
import { signedIn, STAFF_TYPES } from '../authority/caller.js';
import { hashPassword } from '../auth/passwords.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { Db, UserRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findUserByUsername } from '../users/profile.js';
import { staffAccounts } from '../staff/staff-accounts.js';
import { toCustomer } from '../customers/service.js';

export async function staffAccountView(db: Db, userId: string): Promise<StaffAccount> {
  const [account] = await staffAccounts(db, userId);
  if (!account) throw notFound('No such staff account.');
  return account;
}

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock, sessions } = ctx;

  /** Off: one conditional UPDATE (disabled once; every token of it dies), then its running session ends. */
  const disable = async (user: UserRow, by: string, reason: string) => {
    const done = await db
      .updateTable('users')
      .set((eb) => ({ disabled_at: isoNow(clock), disabled_by: by, disabled_reason: reason, token_epoch: eb('token_epoch', '+', 1) }))
      .where('id', '=', user.id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (done.numUpdatedRows === 0n) throw conflict(`${user.username} is already disabled.`);
    ctx.staff.closeUser(user.id);
    await sessions.endForUser(user.id, 'account_disabled');
    ctx.log.info({ userId: user.id, by }, 'account disabled');
  };

  const enable = async (user: UserRow) => {
    const done = await db
      .updateTable('users')
      .set({ disabled_at: null, disabled_by: null, disabled_reason: null })
      .where('id', '=', user.id)
      .where('disabled_at', 'is not', null)
      .executeTakeFirst();
    if (done.numUpdatedRows === 0n) throw conflict(`${user.username} is not disabled.`);
  };

  const customerOr404 = async (username: string) => {
    const user = await findUserByUsername(db, username);
    if (!user || user.type === 'guest' || STAFF_TYPES.includes(user.type)) throw notFound(`Unknown customer: ${username}`);
    return user;
  };
  const staffOr404 = async (username: string) => {
    const user = await findUserByUsername(db, username);
    if (!user || !STAFF_TYPES.includes(user.type)) throw notFound(`Unknown staff account: ${username}`);
    return user;
  };
  const reload = async (user: UserRow) => (await findUserByUsername(db, user.username)) as UserRow;

  registerRoute(app, ctx, customerDisable, async ({ params, body, caller }) => {
    const user = await customerOr404(params.username);
    await disable(user, signedIn(caller).username, body.reason);
    return toCustomer(await reload(user));
  });

  registerRoute(app, ctx, customerEnable, async ({ params }) => {
    const user = await customerOr404(params.username);
    await enable(user);
    return toCustomer(await reload(user));
  });

  registerRoute(app, ctx, staffDisable, async ({ params, body, caller }) => {
    const me = signedIn(caller);
    const user = await staffOr404(params.username);
    if (user.id === me.userId) throw badRequest('You cannot disable your own account.');
    await disable(user, me.username, body.reason);
    return staffAccountView(db, user.id);
  });

  registerRoute(app, ctx, staffEnable, async ({ params }) => {
    const user = await staffOr404(params.username);
    await enable(user);
    return staffAccountView(db, user.id);
  });

  registerRoute(app, ctx, staffResetPassword, async ({ params, body }) => {
    const user = await staffOr404(params.username);
    const passwordHash = await hashPassword(body.password);
    // The old password's tokens and console sessions end with it.
    await db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_epoch: eb('token_epoch', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    ctx.staff.closeUser(user.id);
    return staffAccountView(db, user.id);
  });

  registerRoute(app, ctx, staffResetTotp, async ({ params }) => {
    const user = await staffOr404(params.username);
    // A lost authenticator: it is forgotten and every session of the account ends (an owner enrols again at sign-in).
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('staff_totp').where('user_id', '=', user.id).execute();
      await trx
        .updateTable('users')
        .set((eb) => ({ token_epoch: eb('token_epoch', '+', 1) }))
        .where('id', '=', user.id)
        .execute();
    });
    ctx.staff.closeUser(user.id);
    return staffAccountView(db, user.id);
  });
}
