/** What every route module and socket handler is given. */
import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from './authority/tokens.js';
import type { Clock } from './clock/clock.js';
import type { Coordination } from './cluster/coordination.js';
import type { Db } from './db/schema.js';
import type { Budgets } from './http/budgets.js';
import type { OAuthProviderAdapter } from './oauth/providers.js';
import type { StationEvents } from './realtime/station-events.js';
import type { SessionService } from './sessions/service.js';
import type { Wallet } from './wallet/service.js';
import type { AuditSink } from './authority/audit.js';
import type { InboxNotices } from './desk/inbox.js';

export interface LoginRateLimit {
  /** Attempts allowed per window for one IP + username. */
  max: number;
  windowMs: number;
}

export interface ServerContext {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  events: StationEvents;
  sessions: SessionService;
  /** Every movement of money (issue 21). */
  wallet: Wallet;
  log: FastifyBaseLogger;
  loginRateLimit: LoginRateLimit;
  budgets: Budgets;
  /** The base of every link the server hands out (emails, QR codes): configured, never the Host header. */
  publicUrl(): string;
  /** fingerprint256 of the TLS certificate served; null on plain HTTP. */
  certificateFingerprint: string | null;
  /** The OAuth provider QR logins go through; null: QR login is off. */
  oauthProvider: OAuthProviderAdapter | null;
  /** The audit log of staff actions (issue 15). */
  audit: AuditSink;
  /** Reward claims and flagged centre accounts, live to the consoles (issue 15). */
  inbox: InboxNotices;
  /** What this node shares with the other nodes of the cafe (issue 16; one node: itself). */
  coordination: Coordination;
}
