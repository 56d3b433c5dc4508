/** Issue 22 item 8: the station reads the cafe server's refusal and says what is wrong. */
import { describe, expect, it } from 'vitest';
import { stationTrustProblem, trustProblemOf } from '../../../src/renderer/station/stationTrust.js';

describe('trustProblemOf', () => {
  it.each([
    // The reference server's stable codes
    ['station_unknown: st-99 is not a station of this cafe. A technician must add it (npm run cafe -- station add st-99 --number N) and pair it.', 'unknown'],
    ['station_unpaired: st-03 is not paired with this cafe yet (it presents no station credential the cafe knows).', 'notPaired'],
    ['station_revoked: the pairing of st-04 was revoked by the cafe (its station credential no longer works).', 'revoked'],
    // Older words (socket handshake and station routes)
    ['Unknown station: st-99', 'unknown'],
    ['Station credential required: this PC is not enrolled with the cafe (ask staff to pair it).', 'notPaired'],
    ['This PC is not enrolled with the cafe: it must present its station credential (ask staff to pair it).', 'notPaired'],
    ['Invalid or revoked station credential for this station: ask staff to pair this PC again.', 'revoked'],
    ['HTTP 401: Invalid or revoked station credential: ask staff to pair this PC again.', 'revoked'],
    // Anything else is a connection problem, for the banner
    ['xhr poll error', null],
    ['websocket error', null],
    ['Station st-01 is already connected: a second connection was refused and reported to the cafe staff.', null],
    ['Invalid station handshake: stationId is required', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (reason, problem) => {
    expect(trustProblemOf(reason)).toBe(problem);
  });
});

describe('stationTrustProblem', () => {
  const base = { connectError: null, heartbeatError: null, heartbeatErrors: 0 };
  it('while not connected, from the last connect error', () => {
    expect(stationTrustProblem({ ...base, state: 'reconnecting', connectError: 'Unknown station: st-99' })).toEqual({
      problem: 'unknown',
      reason: 'Unknown station: st-99',
    });
    expect(stationTrustProblem({ ...base, state: 'connecting', connectError: 'xhr poll error' })).toBeNull();
  });

  it('once connected the old connect error no longer counts; a refused heartbeat does', () => {
    const stale = 'Invalid or revoked station credential for this station: ask staff to pair this PC again.';
    expect(stationTrustProblem({ ...base, state: 'connected', connectError: stale })).toBeNull();
    expect(stationTrustProblem({ ...base, state: 'connected', heartbeatError: stale, heartbeatErrors: 0 })).toBeNull();
    expect(stationTrustProblem({ ...base, state: 'connected', heartbeatError: stale, heartbeatErrors: 1 })?.problem).toBe('revoked');
    expect(stationTrustProblem({ ...base, state: 'connected', heartbeatError: 'timeout', heartbeatErrors: 9 })).toBeNull();
  });
});
