/** The operator's view of the pools: who holds what; add (password write-only), disable, enable, force-release, unflag. */
import type { FastifyInstance } from 'fastify';
import {
  adminRevealGameAccountPassword,
  adminRotateGameAccountPassword,
  adminAddGameAccount,
  adminDisableGameAccount,
  adminEnableGameAccount,
  adminGameAccounts,
  adminReleaseGameAccount,
  adminUnflagGameAccount,
} from '../../shared/api/routes.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { notFound } from '../base/errors.js';
import { registerRoute } from '../http/route.js';
import { ACCOUNT_GONE, forceRelease } from './holds.js';
import { announcePlatforms } from './notify.js';
import { dropStaleHolds } from './pool.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { addGameAccount, describeGameAccount, describeGameAccounts } from './accounts.js';
import { accountsByPlatform, clearFlag, sealedCredentials, setAccountDisabled, setSealedPassword } from './repo.js';

export function registerAdminGameAccountRoutes(app: FastifyInstance, ctx: ServerContext, secrets: SecretBox): void {
  registerRoute(app, ctx, adminGameAccounts, async ({ query }) => {
    await announcePlatforms(ctx, await dropStaleHolds(ctx.db));
    return describeGameAccounts(ctx.db, await accountsByPlatform(ctx.db, query.platform));
  });

  registerRoute(app, ctx, adminAddGameAccount, async ({ body }) => {
    const id = await addGameAccount(ctx.db, secrets, isoNow(ctx.clock), body);
    await announcePlatforms(ctx, [body.platform]);
    return describeGameAccount(ctx.db, id);
  });

  const setDisabled = async (id: string, disabled: 0 | 1) => {
    const account = await describeGameAccount(ctx.db, id);
    await setAccountDisabled(ctx.db, id, disabled);
    await announcePlatforms(ctx, [account.platform]);
    return describeGameAccount(ctx.db, id);
  };
  // A disabled account keeps a running hold until it is released: the game in progress is not cut off.
  registerRoute(app, ctx, adminDisableGameAccount, ({ params }) => setDisabled(params.id, 1));
  registerRoute(app, ctx, adminEnableGameAccount, ({ params }) => setDisabled(params.id, 0));

  registerRoute(app, ctx, adminReleaseGameAccount, async ({ params }) => {
    const platform = await forceRelease(ctx.db, params.id);
    if (platform !== null) await announcePlatforms(ctx, [platform]);
    return describeGameAccount(ctx.db, params.id);
  });

  registerRoute(app, ctx, adminUnflagGameAccount, async ({ params, caller }) => {
    const account = await describeGameAccount(ctx.db, params.id);
    // Who cleared it stays on the row (issue 15), like who resolved a service call.
    const by = caller?.username ?? null;
    await clearFlag(ctx.db, params.id, by, isoNow(ctx.clock));
    await announcePlatforms(ctx, [account.platform]);
    const answer = await describeGameAccount(ctx.db, params.id);
    if (account.flag) ctx.inbox.flagChanged(answer);
    return answer;
  });

  // Rotating: the new password is sealed at once and never answered.
  registerRoute(app, ctx, adminRotateGameAccountPassword, async ({ params, body }) => {
    await describeGameAccount(ctx.db, params.id);
    await setSealedPassword(ctx.db, params.id, secrets.seal(body.password, params.id));
    return { success: true, id: params.id };
  });

  // Revealing: owner only (permissions.ts), a POST so the route gate writes the audit line, never cached.
  registerRoute(app, ctx, adminRevealGameAccountPassword, async ({ params, reply }) => {
    const row = await sealedCredentials(ctx.db, params.id);
    if (!row) throw notFound(ACCOUNT_GONE);
    void reply.header('cache-control', 'no-store');
    return { id: row.id, username: row.username, password: secrets.open(row.password_sealed, row.id) };
  });
}
