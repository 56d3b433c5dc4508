/**
 * Customers at the counter (issue 15, in domain shape since issue 21): look
 * up by username, email, phone or card; the ledger; a top-up (cash or card,
 * with a note), a refund (owner, with a reason) and free time, each one
 * movement of the wallet (its ledger line, its shift); the gate flags.
 */
import type { RouteResponse } from '../../shared/api/route.js';
import type { Customer, customerDetail, PAYMENT_METHODS } from '../../shared/api/routes.js';
import type { Db, UserRow } from '../db/schema.js';
import { hashPassword } from '../crypto/passwords.js';
import { conflict, notFound } from '../base/errors.js';
import { insertUser, newUserRow } from '../users/new-user.js';
import { findUserByUsername } from '../users/profile.js';
import type { Actor, Wallet } from '../wallet/service.js';
import { countCards, countSessions, ledgerOf, searchCustomers, setGateFlags } from './repo.js';

export function toCustomer(u: UserRow): Customer {
  return {
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    email: u.email,
    phoneNumber: u.phone_number,
    type: u.type,
    balance: u.balance,
    freeBalance: u.protected_balance,
    xp: u.xp,
    level: u.level,
    createdAt: u.created_at,
    lastLoginAt: u.last_login_at,
    requirePasswordReset: u.require_password_reset === 1,
    requireBalanceTopUp: u.require_balance_top_up === 1,
    disabled: u.disabled_at ? { at: u.disabled_at, by: u.disabled_by, reason: u.disabled_reason } : null,
  };
}

type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export class CustomerService {
  constructor(private readonly deps: { db: Db; wallet: Wallet }) {}

  private async customerOr404(username: string): Promise<UserRow> {
    const user = await findUserByUsername(this.deps.db, username);
    if (!user || user.type === 'guest' || user.type === 'admin' || user.type === 'staff') throw notFound(`Unknown customer: ${username}`);
    return user;
  }

  /** A customer made at the counter: the first password is theirs to change at the first login. */
  async create(input: { username: string; password: string; displayName?: string; phoneNumber?: string }, at: string): Promise<Customer> {
    const { db } = this.deps;
    if (await findUserByUsername(db, input.username)) throw conflict(`The username ${input.username} is taken.`);
    if (input.phoneNumber) {
      const holder = await db.selectFrom('users').select('id').where('phone_number', '=', input.phoneNumber).executeTakeFirst();
      if (holder) throw conflict('This phone number belongs to another account.');
    }
    const row = newUserRow({
      username: input.username,
      type: 'regular',
      password_hash: await hashPassword(input.password),
      created_at: at,
      display_name: input.displayName || null,
      phone_number: input.phoneNumber || null,
      require_password_reset: 1,
    });
    await insertUser(db, row);
    return toCustomer(row);
  }

  async search(q: string | undefined): Promise<Customer[]> {
    return (await searchCustomers(this.deps.db, q?.trim() ?? '')).map(toCustomer);
  }

  async detail(username: string): Promise<RouteResponse<typeof customerDetail>> {
    const { db } = this.deps;
    const user = await this.customerOr404(username);
    const [ledger, sessions, cards] = await Promise.all([ledgerOf(db, user.id), countSessions(db, user.id), countCards(db, user.id)]);
    return {
      customer: toCustomer(user),
      ledger: ledger.map((l) => ({
        id: l.id,
        amount: l.amount,
        reason: l.reason,
        kind: l.kind,
        paymentMethod: l.payment_method,
        orderId: l.order_id,
        staff: l.staff,
        createdAt: l.created_at,
      })),
      sessions,
      cards,
    };
  }

  async topUp(username: string, input: { amount: number; method: PaymentMethod; note?: string }, by: Actor) {
    const user = await this.customerOr404(username);
    const reason = input.note ? `top-up (${input.method}): ${input.note}` : `top-up (${input.method})`;
    const moved = await this.deps.wallet.move({ userId: user.id, kind: 'top_up', amount: input.amount, reason, method: input.method, actor: by });
    return { balance: moved!.balance, ledgerId: moved!.ledgerId };
  }

  async refund(username: string, input: { amount: number; reason: string }, by: Actor) {
    const user = await this.customerOr404(username);
    const moved = await this.deps.wallet.move({
      userId: user.id,
      kind: 'refund',
      amount: -input.amount,
      reason: `refund: ${input.reason}`,
      method: 'cash',
      actor: by,
    });
    return { balance: moved!.balance, ledgerId: moved!.ledgerId };
  }

  async freeTime(username: string, input: { amount: number; reason: string }, by: Actor) {
    const user = await this.customerOr404(username);
    const moved = await this.deps.wallet.move({
      userId: user.id,
      kind: 'free_time',
      bucket: 'free',
      amount: input.amount,
      reason: `free time: ${input.reason}`,
      actor: by,
    });
    return { freeBalance: moved!.protectedBalance, ledgerId: moved!.ledgerId };
  }

  /** The operator's balance adjustment (`POST /admin/users/:username/balance`, CLI `add-balance`): any account. */
  async adjust(username: string, amount: number, by: Actor) {
    const user = await findUserByUsername(this.deps.db, username);
    if (!user) throw notFound(`Unknown user: ${username}`);
    const moved = await this.deps.wallet.move({ userId: user.id, kind: 'adjustment', amount, reason: 'balance adjustment (admin)', actor: by });
    return { success: true, balance: moved?.balance ?? user.balance };
  }

  async setFlags(username: string, flags: { requirePasswordReset?: boolean; requireBalanceTopUp?: boolean }): Promise<Customer> {
    const { db } = this.deps;
    const user = await this.customerOr404(username);
    const set: Partial<Pick<UserRow, 'require_password_reset' | 'require_balance_top_up'>> = {};
    if (flags.requirePasswordReset !== undefined) set.require_password_reset = flags.requirePasswordReset ? 1 : 0;
    if (flags.requireBalanceTopUp !== undefined) set.require_balance_top_up = flags.requireBalanceTopUp ? 1 : 0;
    await setGateFlags(db, user.id, set);
    return toCustomer((await findUserByUsername(db, user.username)) as UserRow);
  }
}
