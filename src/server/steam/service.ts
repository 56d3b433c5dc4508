/**
 * The Steam link's rules (SPEC §7): the Steam id linked is the one a verified OpenID answer proves
 * (`SteamSignInVerifier`), never the body's; a Steam account belongs to one user; guests link nothing.
 */
import type { z } from 'zod';
import type { linkSteam } from '../../shared/api/routes.js';
import { isGuestUser, signedIn, type Caller } from '../authority/caller.js';
import { badRequest, conflict, forbidden, unauthorized } from '../base/errors.js';
import type { ServerContext } from '../context.js';
import type { SteamSignInVerifier } from '../oauth/steam-openid.js';
import { findUserById } from '../users/profile.js';
import { heldByAnother, setSteamId } from './repo.js';

export const STEAM_TAKEN = 'This Steam account is linked to another user.';
export const STEAM_MISMATCH = 'Invalid Steam ID in response';
export const GUESTS_NO_STEAM = 'Guests cannot link a Steam account.';

type LinkBody = z.output<typeof linkSteam.body>;

export class SteamLinkService {
  constructor(
    private readonly ctx: Pick<ServerContext, 'db'>,
    private readonly verifier: SteamSignInVerifier,
  ) {}

  private async member(caller: Caller | null) {
    const me = signedIn(caller);
    const user = await findUserById(this.ctx.db, me.userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    if (isGuestUser(user)) throw forbidden(GUESTS_NO_STEAM);
    return user;
  }

  async link(caller: Caller | null, body: LinkBody) {
    const user = await this.member(caller);
    const steamId = await this.verifier.verify(body.openid);
    if (body.steamId !== steamId) throw badRequest(STEAM_MISMATCH);
    if (await heldByAnother(this.ctx.db, steamId, user.id)) throw conflict(STEAM_TAKEN);
    try {
      await setSteamId(this.ctx.db, user.id, steamId);
    } catch {
      throw conflict(STEAM_TAKEN);
    }
    return { success: true, message: 'Steam account linked' };
  }

  async unlink(caller: Caller | null) {
    const user = await this.member(caller);
    await setSteamId(this.ctx.db, user.id, null);
    return { success: true, message: 'Steam account unlinked' };
  }
}
