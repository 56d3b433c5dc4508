/**
 * What the desk does to a station (issue 15; effects and receipts agree since
 * issue 23): unlock a guest, set a status (a lock with its message, a hold's
 * reserved), send a command. A command that fails starts nothing, bills
 * nothing and says why:
 * - a guest unlock on a station that is not connected is refused (409,
 *   `offline: …`) before anything is made — no guest, no session;
 * - one the station refuses or does not acknowledge in time is undone by the
 *   room (`endFailedUnlock`): its session ends at once, unbilled;
 * - a command to a station that is not connected is not sent (success false);
 * - a status is the server's to keep: a station that is not connected is told
 *   when it comes back.
 */
import { randomBytes } from 'node:crypto';
import { RECEIPT_REASONS } from '../../../shared/api/routes.js';
import { GUEST_PREFIX } from '../../../shared/constants.js';
import type { StationCommandName } from '../../../shared/socket/events.js';
import { isoNow } from '../../clock/clock.js';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { StationRow, UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { findStation, setStationStatus } from '../../stations/service.js';
import { newUserRow } from '../../users/new-user.js';
import { insertUser, recordCommand, usernameTaken } from './repo.js';

async function stationOr404(ctx: ServerContext, stationId: string): Promise<StationRow> {
  const station = await findStation(ctx.db, stationId);
  if (!station) throw notFound(`Unknown station: ${stationId}`);
  return station;
}

async function createGuest(ctx: ServerContext): Promise<UserRow> {
  const createdAt = isoNow(ctx.clock);
  for (let attempt = 0; attempt < 50; attempt++) {
    const username = `${GUEST_PREFIX}${randomBytes(2).toString('hex')}`;
    if (await usernameTaken(ctx.db, username)) continue;
    const guest = newUserRow({ username, type: 'guest', password_hash: null, created_at: createdAt, last_login_at: createdAt });
    await insertUser(ctx.db, guest);
    return guest;
  }
  throw new Error('could not find a free guest username');
}

/** A guest session on a connected station; refused, with nothing made, when the station is not connected. */
export async function unlockGuest(ctx: ServerContext, stationId: string, minutes: number | undefined): Promise<{ sessionId: string; username: string }> {
  const { events, sessions, tokens } = ctx;
  const station = await stationOr404(ctx, stationId);
  if (await sessions.activeForStation(station.id)) throw conflict(`Station ${station.id} already has an active session; end it first.`);
  if (!(await events.isConnected(station.id))) throw conflict(RECEIPT_REASONS.offline);
  const guest = await createGuest(ctx);
  const session = await sessions.start(guest, station, minutes);
  events.emit(station.id, 'guestUnlocked', {
    sessionId: session.id,
    stationId: station.id,
    stationNumber: station.number,
    userId: guest.id,
    guestUsername: guest.username,
    token: tokens.sign({ sub: guest.id, type: guest.type, sessionId: session.id, epoch: session.token_epoch }),
    remainingMinutes: minutes ?? null,
  });
  await sessions.announceInUse(station);
  return { sessionId: session.id, username: guest.username };
}

/** The station refused the unlock or never answered: its session ends now, billed nothing (it never ran). */
export async function endFailedUnlock(ctx: ServerContext, sessionId: string): Promise<void> {
  await ctx.sessions.end(sessionId, 'unlock_failed');
}

/** A status staff set, with a lock's message; freeing a station ends whatever runs on it (the end announces it). */
export async function setStatus(ctx: ServerContext, stationId: string, status: string, message: string | undefined): Promise<{ success: true; message?: string }> {
  const station = await stationOr404(ctx, stationId);
  const active = await ctx.sessions.activeForStation(station.id);
  const ended = status === 'available' && active ? await ctx.sessions.end(active.id, 'ended_by_staff') : null;
  if (!ended) await setStationStatus(ctx, station.id, status, { message: message ?? null });
  return { success: true, message: ended ? `Session ${ended.id} ended` : undefined };
}

/** A command, sent only to a connected station (success says whether it was); every one is recorded. */
export async function sendCommand(
  ctx: ServerContext,
  stationId: string,
  body: { command: StationCommandName; newName?: string; timestamp?: string },
  by: string,
): Promise<{ success: boolean; timestamp: string }> {
  const station = await stationOr404(ctx, stationId);
  const newName = body.newName?.trim();
  if (body.command === 'RENAME_PC' && !newName) throw badRequest('RENAME_PC needs a new name: send newName.');
  const timestamp = body.timestamp ?? isoNow(ctx.clock);
  const delivered = await ctx.events.isConnected(station.id);
  if (delivered) ctx.events.emit(station.id, 'stationCommand', { command: body.command, stationId: station.id, timestamp, ...(newName ? { newName } : {}) });
  await recordCommand(ctx.db, {
    id: newId('cmd'),
    station_id: station.id,
    command: body.command,
    new_name: newName ?? null,
    issued_at: timestamp,
    issued_by: by,
    delivered: delivered ? 1 : 0,
  });
  ctx.log.info({ stationId: station.id, command: body.command, delivered }, 'station command');
  return { success: delivered, timestamp };
}
