/**
 * SPEC §7 centre game accounts, as a customer or guest calls them (never a
 * password in any answer), plus the enrolled station's own launch routes:
 * the password is revealed only to the station whose current session holds
 * the account.
 */
import type { FastifyInstance } from 'fastify';
import {
  assignGameAccount,
  clientGameAccounts,
  gameAccountLaunchCredentials,
  gameAccountLaunchFailed,
  gamesWithAccounts,
  releaseBySession,
  releaseGameAccount,
} from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { forbidden } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { currentSession, requireOwnCurrentSession, requireOwnSession } from '../authority/caller-session.js';
import {
  assign,
  giveLaunchCredentials,
  findAccount,
  flagFailedLaunch,
  releaseAllForSession,
  releaseForGame,
  releaseOwn,
  ACCOUNT_GONE,
} from './holds.js';
import { announcePlatforms } from './notify.js';
import { accountsForGame, clientAccount, displayName, dropStaleHolds, gamesWithAccounts as listGames, stationGroupOf } from './pool.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { authenticateStation } from './station-auth.js';
import { conflict, notFound } from '../base/errors.js';

export const NOT_HELD_HERE = 'This account is not held by the session running at this station.';

export function registerGameAccountRoutes(app: FastifyInstance, ctx: ServerContext, secrets: SecretBox): void {
  ctx.sessions.onEnded(async (ended) => {
    await announcePlatforms(ctx, await releaseAllForSession(ctx.db, ended.id));
  });

  registerRoute(app, ctx, clientGameAccounts, async ({ query, caller }) => {
    const session = await currentSession(ctx, signedIn(caller));
    await announcePlatforms(ctx, await dropStaleHolds(ctx.db));
    const groupId = session ? await stationGroupOf(ctx.db, session.station_id) : (query.stationGroupId ?? null);
    return accountsForGame(ctx.db, {
      platform: query.platform,
      gameName: query.gameName,
      groupId,
      ownSessionId: session?.id ?? null,
    });
  });

  registerRoute(app, ctx, gamesWithAccounts, async ({ query, caller }) => {
    const session = await currentSession(ctx, signedIn(caller));
    await announcePlatforms(ctx, await dropStaleHolds(ctx.db));
    const groupId = session ? await stationGroupOf(ctx.db, session.station_id) : null;
    return listGames(ctx.db, { groupId, includeInUse: query.includeInUse === 'true' });
  });

  registerRoute(app, ctx, assignGameAccount, async ({ params, caller }) => {
    const session = await requireOwnCurrentSession(ctx, signedIn(caller), params.sessionId);
    const account = await assign(ctx.db, ctx.clock, params.id, session);
    await announcePlatforms(ctx, [account.platform]);
    return clientAccount(account, { gameId: null, gameName: null }, session.id);
  });

  registerRoute(app, ctx, releaseGameAccount, async ({ params, caller }) => {
    const who = signedIn(caller);
    const session = await currentSession(ctx, who);
    const platform = await releaseOwn(ctx.db, params.id, { sessionId: session?.id ?? null, isStaff: who.isStaff });
    if (platform === null) return { success: true, message: 'The account was not held.' };
    await announcePlatforms(ctx, [platform]);
    return { success: true };
  });

  registerRoute(app, ctx, releaseBySession, async ({ body, caller }) => {
    const session = await requireOwnSession(ctx, signedIn(caller), body.sessionId);
    const platforms = await releaseForGame(ctx.db, session.id, body.jsonId, body.accountId);
    await announcePlatforms(ctx, platforms);
    return { releasedCount: platforms.length };
  });

  // ── The station's own calls ───────────────────────────────────────────────

  /** The account, which the session running at the calling station must hold. */
  async function heldByCallingStation(request: Parameters<typeof authenticateStation>[1], accountId: string) {
    const station = await authenticateStation(ctx, request);
    const account = await findAccount(ctx.db, accountId);
    if (!account) throw notFound(ACCOUNT_GONE);
    const session = await ctx.sessions.activeForStation(station.id);
    if (!session || account.session_id !== session.id) throw forbidden(NOT_HELD_HERE);
    return { account, session };
  }

  registerRoute(app, ctx, gameAccountLaunchCredentials, async ({ params, body, request }) => {
    const { account, session } = await heldByCallingStation(request, params.id);
    const answer = await giveLaunchCredentials(ctx.db, ctx.clock, account, session.id, body.jsonId);
    if (!answer.given) {
      if (answer.status === 'repeat') {
        ctx.log.warn({ accountId: account.id, stationId: session.station_id }, 'centre-account password asked for again: refused and flagged');
        await announcePlatforms(ctx, [account.platform]);
        ctx.inbox.flagChanged(account.id);
      }
      throw conflict(answer.message);
    }
    return {
      accountId: account.id,
      platform: account.platform,
      username: account.username,
      password: secrets.open(account.password_sealed, account.id),
      accountDisplayName: displayName(account),
    };
  });

  registerRoute(app, ctx, gameAccountLaunchFailed, async ({ params, body, request }) => {
    const { account } = await heldByCallingStation(request, params.id);
    await flagFailedLaunch(ctx.db, ctx.clock, account, body.reason);
    ctx.log.warn({ accountId: account.id, reason: body.reason }, 'centre account flagged after a failed launch');
    await announcePlatforms(ctx, [account.platform]);
    ctx.inbox.flagChanged(account.id);
    return { success: true, message: 'The account was flagged for staff.' };
  });
}
