/** The room: what a tile shows, what a lock sends. */
import { describe, expect, it } from 'vitest';
import { LOCK_MESSAGE_MAX, lockMessage, tileState } from '../../../src/console/room/roomService.js';
import { session, station } from '../support/room.js';

describe('tileState', () => {
  it('reads the legend a person expects', () => {
    expect(tileState(station({}))).toBe('available');
    expect(tileState(station({ currentSession: session, status: 'in_use' }))).toBe('in_use');
    expect(tileState(station({ online: false }))).toBe('offline');
    expect(tileState(station({ online: false, currentSession: session }))).toBe('lost');
    expect(tileState(station({ status: 'maintenance' }))).toBe('maintenance');
    expect(tileState(station({ status: 'reserved' }))).toBe('reserved');
    // A hold or maintenance shows even while the PC is off.
    expect(tileState(station({ status: 'reserved', online: false }))).toBe('reserved');
    // Any other status is a staff lock message (SPEC: it blocks the station's screen).
    expect(tileState(station({ status: 'closed for cleaning' }))).toBe('locked');
    expect(tileState(station({ status: 'closed for cleaning', online: false }))).toBe('locked');
  });
});

describe('lockMessage', () => {
  it('sends a message the station can show as its status, or refuses it', () => {
    expect(lockMessage('  closed   for cleaning ')).toBe('closed for cleaning');
    expect(lockMessage('')).toBeNull();
    expect(lockMessage('x'.repeat(LOCK_MESSAGE_MAX + 1))).toBeNull();
    // A known status is not a message: it would read as that status (and 'available' would end the session).
    expect(lockMessage('Available')).toBeNull();
    expect(lockMessage('maintenance')).toBeNull();
  });
});

