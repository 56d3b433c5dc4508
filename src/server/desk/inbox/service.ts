/**
 * The attention inbox's other items (issue 15): reward claims waiting at the
 * counter and centre accounts flagged after a failed launch, and the take of
 * an order waiting for approval (issue 23). They reach every
 * console live on /staff the moment they happen (no polling), and each is
 * taken ("on my way") and resolved by a named staff member, like service
 * calls: the take is a conditional UPDATE, so two people never both take one;
 * the loser gets 409 with who has it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AdminClaim, AdminGameAccount, Order } from '../../../shared/api/routes.js';
import { isoNow } from '../../clock/clock.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/schema.js';
import { describeGameAccount } from '../../game-accounts/accounts.js';
import { conflict, notFound } from '../../base/errors.js';
import { adminClaim, type ClaimRow } from '../../rewards/rewards.js';
import type { StaffChannel } from '../../realtime/staff-channel.js';
import type { SecurityAlert } from '../../authority/second-factor.js';
import { orderById } from '../../offers/service.js';
import { claimRow, takeClaim, takeFlag, takeOrder } from './repo.js';

/** Tells the consoles; a no-op until the staff channel is attached. Never throws into the caller. */
export interface InboxNotices {
  attach(staff: StaffChannel): void;
  claimCreated(claim: ClaimRow): void;
  claimChanged(claim: AdminClaim): void;
  /** An account's flag appeared, was taken or was cleared (its id, or the account as answered). */
  flagChanged(account: string | AdminGameAccount): void;
  /** An order was taken (the offers domain tells its creation and decision itself). */
  orderChanged(order: Order): void;
  /** An alert for the owners (a locked second factor). */
  securityAlert(alert: SecurityAlert): void;
}

export function createInboxNotices(db: Db, log: FastifyBaseLogger): InboxNotices {
  let staff: StaffChannel | null = null;
  const safely = (work: () => Promise<void>) => {
    if (!staff) return;
    work().catch((error: unknown) => log.warn({ err: error }, 'inbox notice not sent'));
  };
  return {
    attach(channel) {
      staff = channel;
    },
    claimCreated(claim) {
      safely(async () => staff?.emit('rewardClaimCreated', await adminClaim(db, claim)));
    },
    claimChanged(claim) {
      safely(async () => staff?.emit('rewardClaimUpdated', claim));
    },
    orderChanged(order) {
      safely(async () => staff?.emit('orderUpdated', order));
    },
    securityAlert(alert) {
      safely(async () => staff?.emit('securityAlert', alert));
    },
    flagChanged(account) {
      safely(async () => staff?.emit('gameAccountFlagUpdated', typeof account === 'string' ? await describeGameAccount(db, account) : account));
    },
  };
}

/** "On my way": a waiting reward claim taken by a named staff member; the loser is told who has it (409). */
export async function takeRewardClaim(ctx: ServerContext, id: string, by: string): Promise<AdminClaim> {
  const took = await takeClaim(ctx.db, id, by, isoNow(ctx.clock));
  const row = await claimRow(ctx.db, id);
  if (!row) throw notFound('No such reward claim.');
  if (!took) {
    throw conflict(
      row.status !== 'CLAIMED'
        ? `This claim is already ${row.status.toLowerCase()} (by ${row.decided_by ?? 'staff'}).`
        : `This claim is already taken by ${row.acknowledged_by ?? 'staff'}.`,
    );
  }
  const claim = await adminClaim(ctx.db, row);
  ctx.inbox.claimChanged(claim);
  return claim;
}

/** "On my way" for a centre account flagged after a failed launch. */
export async function takeFlaggedAccount(ctx: ServerContext, id: string, by: string): Promise<AdminGameAccount> {
  const took = await takeFlag(ctx.db, id, by, isoNow(ctx.clock));
  const account = await describeGameAccount(ctx.db, id);
  if (!took) throw conflict(account.flag ? `This flag is already taken by ${account.flag.acknowledgedBy ?? 'staff'}.` : 'This account is not flagged.');
  ctx.inbox.flagChanged(account);
  return account;
}

/** "On my way" for an order waiting for approval: the same rule as a claim; every console hears who has it. */
export async function takeWaitingOrder(ctx: ServerContext, id: number, by: string): Promise<Order> {
  const took = await takeOrder(ctx.db, id, by, isoNow(ctx.clock));
  const order = await orderById(ctx.db, id);
  if (!order) throw notFound(`No order #${id}.`);
  if (!took) {
    throw conflict(
      order.status !== 'pending'
        ? `Order #${id} is already ${order.status} (by ${order.decidedBy ?? 'staff'}).`
        : `This order is already taken by ${order.takenBy ?? 'staff'}.`,
    );
  }
  ctx.inbox.orderChanged(order);
  return order;
}

declare module '../../context.js' {
  interface ServerServices {
    /** Reward claims and flagged centre accounts, live to the consoles (issue 15). */
    inbox: InboxNotices;
  }
}
