/**
 * OAuth QR sessions (SPEC §7): the station asks for one, shows its authUrl as
 * a QR code, and polls its status; the phone signs in at the provider, whose
 * callback completes the session with the user's data. In memory: a session
 * lives 120 s (the station's QR modal closes by then).
 */
import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '../../shared/entities.js';
import type { Clock } from '../clock/clock.js';

export const QR_SESSION_TTL_MS = 120_000;

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
  expiresAt: number;
  userData: OAuthUserData | null;
}

export class QrSessions {
  private readonly sessions = new Map<string, QrSession>();

  constructor(private readonly clock: Clock) {}

  create(provider: OAuthProvider): QrSession {
    this.sweep();
    const session = { id: randomBytes(16).toString('hex'), provider, expiresAt: this.clock.now() + QR_SESSION_TTL_MS, userData: null };
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
    return true;
  }

  status(id: string): { status: 'completed' | 'expired' | 'pending'; userData: OAuthUserData | null } {
    const session = this.sessions.get(id);
    if (!session) return { status: 'expired', userData: null };
    if (session.userData) {
      // Handed over once: the station has it now.
      this.sessions.delete(id);
      return { status: 'completed', userData: session.userData };
    }
    if (session.expiresAt <= this.clock.now()) return { status: 'expired', userData: null };
    return { status: 'pending', userData: null };
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [id, session] of this.sessions) if (session.expiresAt + QR_SESSION_TTL_MS < now) this.sessions.delete(id);
  }
}
