/**
 * Issue 22 item 8: a station the cafe server refuses — unknown to it, not
 * paired, or its pairing revoked — says so on its screen instead of
 * 'Reconnecting...' forever. The server gives the reason as the socket's
 * connect error (or a heartbeat's 401/404 message); this reads it. A reason
 * it does not recognise is left to the connection banner.
 */
import type { ConnectionState } from '../core/connection/connectionStore.js';

export type StationTrustProblem = 'unknown' | 'notPaired' | 'revoked';

/** The problem a server's refusal names, or null. */
export function trustProblemOf(reason: string | null | undefined): StationTrustProblem | null {
  if (!reason) return null;
  const text = reason.toLowerCase();
  // The server's stable codes first (src/server/stations/standing.ts), then older servers' words.
  const code = /\bstation_(unknown|unpaired|revoked)\b/.exec(text)?.[1];
  if (code) return code === 'unknown' ? 'unknown' : code === 'unpaired' ? 'notPaired' : 'revoked';
  if (/\bunknown station\b/.test(text)) return 'unknown';
  if (/\brevoked\b|invalid (or revoked )?station credential/.test(text)) return 'revoked';
  if (/\bnot enrolled\b|\bnot paired\b|station credential required/.test(text)) return 'notPaired';
  return null;
}

/**
 * What the station shows: a problem only while the socket is not connected
 * (the last connect error), or while connected but every heartbeat is refused
 * for it (a revocation the open socket has not seen yet).
 */
export function stationTrustProblem(input: {
  state: ConnectionState;
  connectError: string | null;
  heartbeatError: string | null;
  heartbeatErrors: number;
}): { problem: StationTrustProblem; reason: string } | null {
  if (input.state !== 'connected') {
    const problem = trustProblemOf(input.connectError);
    return problem && input.connectError ? { problem, reason: input.connectError } : null;
  }
  if (input.heartbeatErrors < 1) return null;
  const problem = trustProblemOf(input.heartbeatError);
  return problem && input.heartbeatError ? { problem, reason: input.heartbeatError } : null;
}
