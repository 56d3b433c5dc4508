/** The console's services: what a tile shows, the shift CSV, the inbox count and title, CSRF on calls. */
import { describe, expect, it, vi } from 'vitest';
import { consoleLogin, openShift, type RoomStation, type ShiftReport } from '../../src/shared/api/console.js';
import { adminServiceCalls } from '../../src/shared/api/admin-store.js';
import { createHttp } from '../../src/console/core/http.js';
import { StaffSocket } from '../../src/console/core/staffSocket.js';
import { InboxService, roomAlerts } from '../../src/console/inbox/inboxService.js';
import { LOCK_MESSAGE_MAX, lockMessage, tileState } from '../../src/console/room/roomService.js';
import { reportCsv } from '../../src/console/shifts/shiftsService.js';

const station = (over: Partial<RoomStation>): RoomStation => ({
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
const session = { sessionId: 's', username: 'ali', isGuest: false, startTime: '2025-01-01T00:00:00Z', remainingMinutes: 30 };

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

describe('reportCsv', () => {
  it('writes every figure, quoting what needs it', () => {
    const report: ShiftReport = {
      shift: { id: 'sft_1', openedBy: 'desk, front', openedAt: '2025-01-01T08:00:00Z', openingFloat: 20000, closedBy: 'desk', closedAt: '2025-01-01T16:00:00Z', countedCash: 24000, note: null },
      sessions: 12,
      orders: { count: 1, total: 5000 },
      topUps: { cash: 5000, card: 2000, count: 2 },
      refunds: { total: 500, count: 1 },
      expectedCash: 29500,
      countedCash: 24000,
      difference: -5500,
    };
    const csv = reportCsv(report, {});
    expect(csv).toContain('opened_by,"desk, front"\n');
    expect(csv).toContain('top_ups_cash,5000\n');
    expect(csv).toContain('difference,-5500\n');
  });
});

describe('http', () => {
  it('sends the CSRF token on state-changing calls only, and parses answers', async () => {
    const fetcher = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify({ status: 'totp_required' }), { status: 200 }));
    const http = createHttp('', fetcher as unknown as typeof fetch);
    http.setCsrf('tok');
    await http.call(consoleLogin, { body: { username: 'a', password: 'b' } });
    expect((fetcher.mock.calls[0]?.[1]?.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    fetcher.mockResolvedValueOnce(new Response('[]', { status: 200 }));
    await http.call(adminServiceCalls);
    expect((fetcher.mock.calls[1]?.[1]?.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('turns an error into its message and tells when the session ended', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Your console session has ended: sign in again.' }), { status: 401 }));
    const http = createHttp('', fetcher as unknown as typeof fetch);
    const signedOut = vi.fn();
    http.onSignedOut(signedOut);
    await expect(http.call(openShift, { body: { openingFloat: 1 } })).rejects.toThrow('Your console session has ended');
    expect(signedOut).toHaveBeenCalledOnce();
  });
});

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
    const inbox = new InboxService(http, socket, (n) => titles.push(n), chime);
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
