/**
 * OAuth QR sessions (SPEC §7): an enrolled station asks for one, shows its
 * authUrl as a QR code, and polls its status; the phone signs in at the
 * provider, whose callback completes the session with the identity the
 * provider vouched for. A session belongs to the station that created it:
 * only that station sees its status, and only that station can turn the
 * verified identity into a login, once. A session lives 120 s (the
 * station's QR modal closes by then), a completed one a little longer.
 * In the database, not in a node's memory: behind the proxy the station, the
 * phone and the status polls may each reach a different node. Every change
 * is one conditional UPDATE, so a completed identity is handed over and used
 * once even when two nodes are asked at the same moment.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '../../shared/entities.js';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';

export const QR_SESSION_TTL_MS = 120_000;
/** How long a completed identity waits for its station's check-email. */
export const COMPLETED_TTL_MS = 5 * 60_000;

export interface OAuthUserData {
  provider: OAuthProvider;
  email: string | null;
  username: string | null;
  name: string | null;
  steamId: string | null;
}

export interface QrSession {
  id: string;
  provider: OAuthProvider;
  stationId: string;
}

export class QrSessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private at(ms: number): string {
    return new Date(ms).toISOString();
  }

  async create(provider: OAuthProvider, stationId: string): Promise<QrSession> {
    const now = this.clock.now();
    // Sessions past any use go first (a completed one is usable for COMPLETED_TTL_MS after it completed).
    await this.db.deleteFrom('oauth_qr_sessions').where('expires_at', '<', this.at(now - COMPLETED_TTL_MS)).execute();
    const session: QrSession = { id: randomBytes(16).toString('hex'), provider, stationId };
    await this.db
      .insertInto('oauth_qr_sessions')
      .values({ id: session.id, provider, station_id: stationId, expires_at: this.at(now + QR_SESSION_TTL_MS), user_data: null, completed_at: null, delivered: 0, used: 0 })
      .execute();
    return session;
  }

  /** A live, still pending session, or undefined. */
  async pending(id: string): Promise<QrSession | undefined> {
    const row = await this.db
      .selectFrom('oauth_qr_sessions')
      .select(['id', 'provider', 'station_id'])
      .where('id', '=', id)
      .where('user_data', 'is', null)
      .where('expires_at', '>', this.at(this.clock.now()))
      .executeTakeFirst();
    return row ? { id: row.id, provider: row.provider as OAuthProvider, stationId: row.station_id } : undefined;
  }

  /** Completes a live pending session with the identity the provider vouched for; false when it is not one (any more). */
  async complete(id: string, userData: OAuthUserData): Promise<boolean> {
    const now = this.clock.now();
    const result = await this.db
      .updateTable('oauth_qr_sessions')
      .set({ user_data: JSON.stringify(userData), completed_at: this.at(now) })
      .where('id', '=', id)
      .where('user_data', 'is', null)
      .where('expires_at', '>', this.at(now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The status as the creating station sees it; any other caller sees 'expired'. A completion is handed over once. */
  async status(id: string, stationId: string): Promise<{ status: 'completed' | 'expired' | 'pending'; userData: OAuthUserData | null }> {
    const expired = { status: 'expired' as const, userData: null };
    const row = await this.db.selectFrom('oauth_qr_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || row.station_id !== stationId || row.used || row.delivered) return expired;
    if (row.user_data) {
      const handed = await this.db
        .updateTable('oauth_qr_sessions')
        .set({ delivered: 1 })
        .where('id', '=', id)
        .where('delivered', '=', 0)
        .executeTakeFirst();
      return Number(handed.numUpdatedRows) === 1 ? { status: 'completed', userData: JSON.parse(row.user_data) as OAuthUserData } : expired;
    }
    if (row.expires_at <= this.at(this.clock.now())) return expired;
    return { status: 'pending', userData: null };
  }

  /**
   * Uses up a completed session of this station whose verified email is
   * `email`: the one named, or else the station's latest. Returns the
   * verified identity, or null (nothing is used up then).
   */
  async take(stationId: string, email: string, sessionId?: string): Promise<OAuthUserData | null> {
    let query = this.db
      .selectFrom('oauth_qr_sessions')
      .select(['id', 'user_data'])
      .where('station_id', '=', stationId)
      .where('used', '=', 0)
      .where('user_data', 'is not', null)
      .where('completed_at', '>', this.at(this.clock.now() - COMPLETED_TTL_MS))
      .orderBy('completed_at', 'desc');
    if (sessionId) query = query.where('id', '=', sessionId);
    const wanted = email.toLowerCase();
    const found = (await query.execute())
      .map((row) => ({ id: row.id, userData: JSON.parse(row.user_data ?? 'null') as OAuthUserData | null }))
      .find((row) => row.userData?.email?.toLowerCase() === wanted);
    if (!found?.userData) return null;
    const used = await this.db.updateTable('oauth_qr_sessions').set({ used: 1 }).where('id', '=', found.id).where('used', '=', 0).executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? found.userData : null;
  }
}
