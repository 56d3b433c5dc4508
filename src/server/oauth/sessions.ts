/**
 * OAuth QR sessions (SPEC §7): an enrolled station asks for one, shows its
 * authUrl as a QR code, and polls its status; the phone signs in at the
 * provider, whose callback completes the session with the identity the
 * provider vouched for. A session belongs to the station that created it:
 * only that station sees its status, and only that station can turn the
 * verified identity into a login, once. In memory: a session lives 120 s
 * (the station's QR modal closes by then), a completed one a little longer.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '../../shared/entities.js';
import type { Clock } from '../clock/clock.js';

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

interface QrSession {
  id: string;
  provider: OAuthProvider;
  stationId: string;
  expiresAt: number;
  userData: OAuthUserData | null;
  completedAt: number | null;
  /** The station has seen the completed status (it is handed over once). */
  delivered: boolean;
  used: boolean;
}

export class QrSessions {
  private readonly sessions = new Map<string, QrSession>();

  constructor(private readonly clock: Clock) {}

  create(provider: OAuthProvider, stationId: string): QrSession {
    this.sweep();
    const session: QrSession = {
      id: randomBytes(16).toString('hex'),
      provider,
      stationId,
      expiresAt: this.clock.now() + QR_SESSION_TTL_MS,
      userData: null,
      completedAt: null,
      delivered: false,
      used: false,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** A live, still pending session, or undefined. */
  pending(id: string): QrSession | undefined {
    const session = this.sessions.get(id);
    return session && !session.userData && session.expiresAt > this.clock.now() ? session : undefined;
  }

  complete(id: string, userData: OAuthUserData): boolean {
    const session = this.pending(id);
    if (!session) return false;
    session.userData = userData;
    session.completedAt = this.clock.now();
    return true;
  }

  /** The status as the creating station sees it; any other caller sees 'expired'. */
  status(id: string, stationId: string): { status: 'completed' | 'expired' | 'pending'; userData: OAuthUserData | null } {
    const session = this.sessions.get(id);
    if (!session || session.stationId !== stationId || session.used || session.delivered) return { status: 'expired', userData: null };
    if (session.userData) {
      session.delivered = true;
      return { status: 'completed', userData: session.userData };
    }
    if (session.expiresAt <= this.clock.now()) return { status: 'expired', userData: null };
    return { status: 'pending', userData: null };
  }

  /**
   * Uses up a completed session of this station whose verified email is
   * `email`: the one named, or else the station's latest. Returns the
   * verified identity, or null (nothing is used up then).
   */
  take(stationId: string, email: string, sessionId?: string): OAuthUserData | null {
    const now = this.clock.now();
    const usable = (s: QrSession) =>
      s.stationId === stationId &&
      !s.used &&
      s.userData?.email?.toLowerCase() === email.toLowerCase() &&
      (s.completedAt ?? 0) + COMPLETED_TTL_MS > now;
    let found: QrSession | undefined;
    if (sessionId) {
      const named = this.sessions.get(sessionId);
      found = named && usable(named) ? named : undefined;
    } else {
      found = [...this.sessions.values()]
        .filter(usable)
        .sort((a, b) => (b.completedAt ?? 0) - (a.completedAt ?? 0))[0];
    }
    if (!found?.userData) return null;
    found.used = true;
    return found.userData;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [id, session] of this.sessions) {
      if (session.expiresAt + COMPLETED_TTL_MS < now) this.sessions.delete(id);
    }
  }
}
