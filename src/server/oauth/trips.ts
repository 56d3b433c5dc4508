/**
 * A phone's trip through a provider (issue 25, migration 0015): the start
 * keeps the state, the PKCE verifier and the nonce beside the QR session; the
 * callback spends its state in one conditional DELETE — a replayed callback,
 * a state never issued, or one of another provider finds nothing. A trip
 * lives as long as its QR session can still be completed.
 */
import type { OAuthProvider } from '../../shared/entities.js';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { SignInStart } from './adapters.js';
import { QR_SESSION_TTL_MS, type QrSession } from './sessions.js';

export interface SpentTrip {
  sessionId: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export class SignInTrips {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private at(ms: number): string {
    return new Date(ms).toISOString();
  }

  async keep(session: QrSession, trip: SignInStart): Promise<void> {
    const now = this.clock.now();
    await this.db.deleteFrom('oauth_states').where('expires_at', '<', this.at(now)).execute();
    await this.db
      .insertInto('oauth_states')
      .values({
        state: trip.state,
        session_id: session.id,
        provider: session.provider,
        code_verifier: trip.codeVerifier,
        nonce: trip.nonce,
        expires_at: this.at(now + QR_SESSION_TTL_MS),
      })
      .execute();
  }

  /** The trip of this state and provider, deleted as it is read; undefined when there is none (any more). */
  async spend(provider: OAuthProvider, state: string): Promise<SpentTrip | undefined> {
    if (!state || state.length > 512) return undefined;
    const row = await this.db
      .deleteFrom('oauth_states')
      .where('state', '=', state)
      .where('provider', '=', provider)
      .where('expires_at', '>', this.at(this.clock.now()))
      .returning(['session_id', 'state', 'code_verifier', 'nonce'])
      .executeTakeFirst();
    return row ? { sessionId: row.session_id, state: row.state, codeVerifier: row.code_verifier, nonce: row.nonce } : undefined;
  }
}
