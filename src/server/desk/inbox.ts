/**
 * The attention inbox's other items (issue 15): reward claims waiting at the
 * counter and centre accounts flagged after a failed launch. They reach every
 * console live on /staff the moment they happen (no polling), and each is
 * taken ("on my way") and resolved by a named staff member, like service
 * calls: the take is a conditional UPDATE, so two people never both take one;
 * the loser gets 409 with who has it.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { claimAcknowledge, flagAcknowledge, type AdminClaim, type AdminGameAccount } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/schema.js';
import { describeGameAccount } from '../game-accounts/accounts.js';
import { conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { adminClaim, type ClaimRow } from '../rewards/rewards.js';
import type { StaffChannel } from '../realtime/staff-channel.js';
import type { SecurityAlert } from '../authority/second-factor.js';

/** Tells the consoles; a no-op until the staff channel is attached. Never throws into the caller. */
export interface InboxNotices {
  attach(staff: StaffChannel): void;
  claimCreated(claim: ClaimRow): void;
  claimChanged(claim: AdminClaim): void;
  /** An account's flag appeared, was taken or was cleared (its id, or the account as answered). */
  flagChanged(account: string | AdminGameAccount): void;
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
    securityAlert(alert) {
      safely(async () => staff?.emit('securityAlert', alert));
    },
    flagChanged(account) {
      safely(async () => staff?.emit('gameAccountFlagUpdated', typeof account === 'string' ? await describeGameAccount(db, account) : account));
    },
  };
}

export function registerInboxRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, claimAcknowledge, async ({ params, caller }) => {
    const by = signedIn(caller).username;
    const changed = await db
      .updateTable('reward_claims')
      .set({ acknowledged_at: isoNow(clock), acknowledged_by: by })
      .where('id', '=', params.id)
      .where('status', '=', 'CLAIMED')
      .where('acknowledged_by', 'is', null)
      .executeTakeFirst();
    const row = await db.selectFrom('reward_claims').selectAll().where('id', '=', params.id).executeTakeFirst();
    if (!row) throw notFound('No such reward claim.');
    if (changed.numUpdatedRows === 0n) {
      throw conflict(
        row.status !== 'CLAIMED'
          ? `This claim is already ${row.status.toLowerCase()} (by ${row.decided_by ?? 'staff'}).`
          : `This claim is already taken by ${row.acknowledged_by ?? 'staff'}.`,
      );
    }
    const claim = await adminClaim(db, row);
    ctx.inbox.claimChanged(claim);
    return claim;
  });

  registerRoute(app, ctx, flagAcknowledge, async ({ params, caller }) => {
    const by = signedIn(caller).username;
    const changed = await db
      .updateTable('game_accounts')
      .set({ flag_acknowledged_at: isoNow(clock), flag_acknowledged_by: by })
      .where('id', '=', params.id)
      .where('flagged_at', 'is not', null)
      .where('flag_acknowledged_by', 'is', null)
      .executeTakeFirst();
    const account = await describeGameAccount(db, params.id);
    if (changed.numUpdatedRows === 0n) {
      throw conflict(account.flag ? `This flag is already taken by ${account.flag.acknowledgedBy ?? 'staff'}.` : 'This account is not flagged.');
    }
    ctx.inbox.flagChanged(account);
    return account;
  });
}

declare module '../context.js' {
  interface ServerServices {
    /** Reward claims and flagged centre accounts, live to the consoles (issue 15). */
    inbox: InboxNotices;
  }
}
