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
import type { Customer, StaffAccount } from '../../../shared/api/routes.js';
import { hashPassword } from '../../crypto/passwords.js';
import { STAFF_TYPES } from '../../authority/caller.js';
import { isoNow } from '../../clock/clock.js';
import type { ServerContext } from '../../context.js';
import type { Db, UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../base/errors.js';
import { toCustomer } from '../../customers/service.js';
import { staffAccounts } from '../../staff/staff-accounts.js';
import { findUserByUsername } from '../../users/profile.js';
import { forgetTotp, markDisabled, markEnabled, replacePassword } from './repo.js';

export async function staffAccountView(db: Db, userId: string): Promise<StaffAccount> {
  const [account] = await staffAccounts(db, userId);
  if (!account) throw notFound('No such staff account.');
  return account;
}

async function customerOr404(db: Db, username: string): Promise<UserRow> {
  const user = await findUserByUsername(db, username);
  if (!user || user.type === 'guest' || STAFF_TYPES.includes(user.type)) throw notFound(`Unknown customer: ${username}`);
  return user;
}

async function staffOr404(db: Db, username: string): Promise<UserRow> {
  const user = await findUserByUsername(db, username);
  if (!user || !STAFF_TYPES.includes(user.type)) throw notFound(`Unknown staff account: ${username}`);
  return user;
}

/** Off: one conditional UPDATE (disabled once; every token of it dies), then its running session ends. */
async function disable(ctx: ServerContext, user: UserRow, by: string, reason: string): Promise<void> {
  if (!(await markDisabled(ctx.db, user.id, by, reason, isoNow(ctx.clock)))) throw conflict(`${user.username} is already disabled.`);
  ctx.staff.closeUser(user.id);
  await ctx.sessions.endForUser(user.id, 'account_disabled');
  ctx.log.info({ userId: user.id, by }, 'account disabled');
}

async function enable(ctx: ServerContext, user: UserRow): Promise<void> {
  if (!(await markEnabled(ctx.db, user.id))) throw conflict(`${user.username} is not disabled.`);
}

const reload = async (db: Db, user: UserRow) => (await findUserByUsername(db, user.username)) as UserRow;

export async function disableCustomer(ctx: ServerContext, username: string, by: string, reason: string): Promise<Customer> {
  const user = await customerOr404(ctx.db, username);
  await disable(ctx, user, by, reason);
  return toCustomer(await reload(ctx.db, user));
}

export async function enableCustomer(ctx: ServerContext, username: string): Promise<Customer> {
  const user = await customerOr404(ctx.db, username);
  await enable(ctx, user);
  return toCustomer(await reload(ctx.db, user));
}

export async function disableStaff(ctx: ServerContext, username: string, me: { userId: string; username: string }, reason: string): Promise<StaffAccount> {
  const user = await staffOr404(ctx.db, username);
  if (user.id === me.userId) throw badRequest('You cannot disable your own account.');
  await disable(ctx, user, me.username, reason);
  return staffAccountView(ctx.db, user.id);
}

export async function enableStaff(ctx: ServerContext, username: string): Promise<StaffAccount> {
  const user = await staffOr404(ctx.db, username);
  await enable(ctx, user);
  return staffAccountView(ctx.db, user.id);
}

/** The old password's tokens and console sessions end with it. */
export async function resetStaffPassword(ctx: ServerContext, username: string, password: string): Promise<StaffAccount> {
  const user = await staffOr404(ctx.db, username);
  await replacePassword(ctx.db, user.id, await hashPassword(password));
  ctx.staff.closeUser(user.id);
  return staffAccountView(ctx.db, user.id);
}

/** A lost authenticator: it is forgotten and every session of the account ends (an owner enrols again at sign-in). */
export async function resetStaffTotp(ctx: ServerContext, username: string): Promise<StaffAccount> {
  const user = await staffOr404(ctx.db, username);
  await forgetTotp(ctx.db, user.id);
  ctx.staff.closeUser(user.id);
  return staffAccountView(ctx.db, user.id);
}
