/** A room station as the server sends it, with what a test changes. */
import type { RoomStation } from '../../../src/shared/api/console.js';

export const station = (over: Partial<RoomStation>): RoomStation => ({
  id: 'st-01',
  number: 1,
  name: 'PC-01',
  macAddress: 'm',
  groupName: 'Standard',
  groupId: 'g',
  status: 'available',
  online: true,
  lastHeartbeatAt: null,
  currentSession: null,
  balance: null,
  playing: null,
  ...over,
});
export const session = { sessionId: 's', username: 'ali', isGuest: false, startTime: '2025-01-01T00:00:00Z', remainingMinutes: 30 };

