/** The inbox: counts and chimes, the room's alerts. */
import { describe, expect, it, vi } from 'vitest';
import { InboxService } from '../../../src/console/inbox/inboxService.js';
import { roomAlerts } from '../../../src/shared/inbox.js';
import { createHttp } from '../../../src/console/core/http.js';
import { StaffSocket } from '../../../src/console/core/staffSocket.js';
import { session, station } from '../support/room.js';

describe('InboxService', () => {
  it('counts open items in the tab title and chimes on a new one', async () => {
    const titles: number[] = [];
    const chime = vi.fn();
    const http = createHttp('', (async () => new Response('[]', { status: 200 })) as unknown as typeof fetch);
    const socket = new StaffSocket();
    const handlers = new Map<string, (p: unknown) => void>();
    socket.on = ((event: string, handler: (p: unknown) => void) => {
      handlers.set(event, handler);
      return () => undefined;
    }) as StaffSocket['on'];
    const inbox = new InboxService(http, socket, { setWaiting: (n) => void titles.push(n), chime });
    await inbox.start();
    const call = {
      id: 1, type: 'waiter', stationId: 'st-01', stationNumber: 1, userId: 'u', username: 'ali', isGuest: false, message: 'tea',
      status: 'open', createdAt: 'x', acknowledgedAt: null, acknowledgedBy: null, resolvedAt: null, resolvedBy: null,
    };
    handlers.get('serviceCallCreated')?.(call);
    expect(inbox.store.getState().calls).toHaveLength(1);
    expect(titles.at(-1)).toBe(1);
    expect(chime).toHaveBeenCalledOnce();
    handlers.get('serviceCallUpdated')?.({ ...call, status: 'resolved' });
    expect(titles.at(-1)).toBe(0);

    // A reward claim and a flagged centre account count and chime the same way; resolved, they leave.
    const claim = {
      id: 'clm_1', userId: 'u', username: 'ali', rewardId: 'r', rewardDescription: 'Free energy drink', xpSpent: 910,
      status: 'CLAIMED', createdAt: 'x', decidedAt: null, decidedBy: null, acknowledgedAt: null, acknowledgedBy: null,
    };
    handlers.get('rewardClaimCreated')?.(claim);
    expect(titles.at(-1)).toBe(1);
    handlers.get('rewardClaimUpdated')?.({ ...claim, acknowledgedBy: 'desk' });
    expect(inbox.store.getState().claims[0]?.acknowledgedBy).toBe('desk');
    const account = {
      id: 'gac_1', platform: 3, username: 'arena_steam_01', accountDisplayName: 'Account 1', stationGroupId: null, stationGroupName: null,
      games: [], disabled: false, flag: { at: 'x', reason: 'Steam Guard', acknowledgedBy: null, acknowledgedAt: null }, holder: null, createdAt: 'x',
    };
    handlers.get('gameAccountFlagUpdated')?.(account);
    expect(titles.at(-1)).toBe(2);
    expect(chime).toHaveBeenCalledTimes(3);
    // Taking the flag is no new item: no chime.
    handlers.get('gameAccountFlagUpdated')?.({ ...account, flag: { ...account.flag, acknowledgedBy: 'desk' } });
    expect(chime).toHaveBeenCalledTimes(3);
    handlers.get('rewardClaimUpdated')?.({ ...claim, status: 'DELIVERED' });
    handlers.get('gameAccountFlagUpdated')?.({ ...account, flag: null });
    expect(titles.at(-1)).toBe(0);
  });
});

describe('roomAlerts', () => {
  it('lists a session whose station went silent and one about to run out, nothing else', () => {
    const alerts = roomAlerts([
      station({ id: 'a', number: 1, online: false, currentSession: { ...session, sessionId: 's1' } }),
      station({ id: 'b', number: 2, currentSession: { ...session, sessionId: 's2', remainingMinutes: 4 } }),
      station({ id: 'c', number: 3, currentSession: { ...session, sessionId: 's3', remainingMinutes: 40 } }),
      station({ id: 'd', number: 4, currentSession: { ...session, sessionId: 's4', remainingMinutes: null } }),
      station({ id: 'e', number: 5, online: false }),
    ]);
    expect(alerts.map((a) => `${a.kind}:${a.stationId}`)).toEqual(['lost:a', 'low_time:b']);
  });
});
