/** Operator actions on a station: unlock a guest, set its status, send a command. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { adminCommand, adminSetStatus, adminUnlockGuest } from '../../shared/api/routes.js';
import { GUEST_PREFIX } from '../../shared/constants.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { Db, UserRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { newId } from '../db/ids.js';
import { findStation, setStationStatus } from '../stations/repo.js';
import { newUserRow } from '../users/new-user.js';

async function createGuest(db: Db, createdAt: string): Promise<UserRow> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const username = `${GUEST_PREFIX}${randomBytes(2).toString('hex')}`;
    const taken = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (taken) continue;
    const guest = newUserRow({
      username,
      type: 'guest',
      password_hash: null,
      created_at: createdAt,
      last_login_at: createdAt,
    });
    await db.insertInto('users').values(guest).execute();
    return guest;
  }
  throw new Error('could not find a free guest username');
}

export function registerStationActionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock, events, sessions, tokens } = ctx;

  const stationOr404 = async (stationId: string) => {
    const station = await findStation(db, stationId);
    if (!station) throw notFound(`Unknown station: ${stationId}`);
    return station;
  };

  registerRoute(app, ctx, adminUnlockGuest, async ({ params, body }) => {
    const station = await stationOr404(params.stationId);
    if (await sessions.activeForStation(station.id)) {
      throw conflict(`Station ${station.id} already has an active session; end it first.`);
    }
    const guest = await createGuest(db, isoNow(clock));
    const session = await sessions.start(guest, station, body.minutes);
    events.emit(station.id, 'guestUnlocked', {
      sessionId: session.id,
      stationId: station.id,
      stationNumber: station.number,
      userId: guest.id,
      guestUsername: guest.username,
      token: tokens.sign({ sub: guest.id, type: guest.type, sessionId: session.id, epoch: session.token_epoch }),
      remainingMinutes: body.minutes ?? null,
    });
    await sessions.announceInUse(station);
    return { sessionId: session.id, username: guest.username };
  });

  registerRoute(app, ctx, adminSetStatus, async ({ params, body }) => {
    const station = await stationOr404(params.stationId);
    const active = await sessions.activeForStation(station.id);
    // Freeing a station ends whatever runs on it; ending emits the status change.
    const ended = body.status === 'available' && active ? await sessions.end(active.id, 'ended_by_staff') : null;
    if (!ended) await setStationStatus(ctx, station.id, body.status);
    return { success: true, message: ended ? `Session ${ended.id} ended` : undefined };
  });

  registerRoute(app, ctx, adminCommand, async ({ params, body, caller }) => {
    const station = await stationOr404(params.stationId);
    const newName = body.newName?.trim();
    if (body.command === 'RENAME_PC' && !newName) throw badRequest('RENAME_PC needs a new name: send newName.');
    const timestamp = body.timestamp ?? isoNow(clock);
    const delivered = await events.isConnected(station.id);
    events.emit(station.id, 'stationCommand', {
      command: body.command,
      stationId: station.id,
      timestamp,
      ...(newName ? { newName } : {}),
    });
    await db
      .insertInto('station_commands')
      .values({
        id: newId('cmd'),
        station_id: station.id,
        command: body.command,
        new_name: newName ?? null,
        issued_at: timestamp,
        issued_by: signedIn(caller).username,
        delivered: delivered ? 1 : 0,
      })
      .execute();
    ctx.log.info({ stationId: station.id, command: body.command, delivered }, 'station command');
    return { success: delivered, timestamp };
  });
}
