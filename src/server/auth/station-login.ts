/**
 * What every successful station login does, whatever proved who the user is
 * (password, NFC card, OAuth): start the session on the station that asked
 * (the one whose credential the request presented — never a MAC in the body),
 * stamp the last login, sign the token, tell the station, answer. A login
 * held behind a gate (password change, top-up) starts a session that is not
 * billed and whose token is limited to the gate.
 */
import type { LoginResponse } from '../../shared/entities.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { StationRow, UserRow } from '../db/schema.js';
import { findUserById, toUserDto } from '../users/profile.js';
import { refuseDisabled } from '../authority/caller.js';

export async function signInAtStation(ctx: ServerContext, found: UserRow, station: StationRow): Promise<LoginResponse> {
  const { db, clock, tokens, events, sessions } = ctx;
  // Whatever proved who it is (password, card, OAuth): a disabled account gets no session (issue 15).
  refuseDisabled(found);
  const session = await sessions.start(found, station);
  await db.updateTable('users').set({ last_login_at: isoNow(clock) }).where('id', '=', found.id).execute();
  const user = (await findUserById(db, found.id)) ?? found;
  const accessToken = tokens.sign({ sub: user.id, type: user.type, sessionId: session.id, epoch: session.token_epoch });

  events.emit(station.id, 'sessionStarted', {
    sessionId: session.id,
    stationId: station.id,
    stationNumber: station.number,
    userId: user.id,
    username: user.username,
    startTime: session.started_at,
    isGuest: session.is_guest === 1,
    macAddress: station.mac_address,
    ipAddress: station.ip_address ?? '',
    token: accessToken,
  });
  await sessions.announceInUse(station);
  const dto = await toUserDto(db, clock, user);
  // The top-up wait as the session's gate has it: a package that plays at this station lifts it (issue 26).
  const requireBalanceTopUp = dto.requireBalanceTopUp && (await sessions.requiresTopUp(user, station.id));
  return { accessToken, user: { ...dto, requireBalanceTopUp }, sessionId: session.id, stationId: station.id };
}
