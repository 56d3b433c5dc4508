import { describe, expect, it } from 'vitest';
import * as routes from '../../src/shared/api/routes.js';
import { routePath, type Route } from '../../src/shared/api/route.js';
import { parseRendererMessage, parseShellMessage } from '../../src/shared/bridge/protocol.js';
import { parseServerEvent, guestUnlockSchema } from '../../src/shared/socket/events.js';
import {
  CATEGORY_NAMES,
  categoryName,
  categoryNames,
} from '../../src/shared/catalog/categories.js';
import {
  FILTER_CHIP_PLATFORMS,
  compareGames,
  isApplication,
  offersCentreAccounts,
  platformChipLabel,
  platformName,
  Platform,
} from '../../src/shared/catalog/platforms.js';
import { en, format, SPLASH_MESSAGE_KEYS } from '../../src/shared/i18n/en.js';
import {
  badgeCount,
  formatClock,
  formatHourlyRate,
  formatPlayDuration,
  minutesForBalance,
  offerValue,
  welcomeName,
  greetingName,
} from '../../src/shared/format.js';

describe('route descriptors', () => {
  const all = (Object.values(routes) as unknown[]).filter(
    (r): r is Route => typeof r === 'object' && r !== null && 'method' in r && 'path' in r,
  );
  it('cover the SPEC §7 calls once each', () => {
    const keys = all.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const expected of [
      'POST /station-heartbeat',
      'POST /station-client/get-station-details',
      'POST /auth/client/login',
      'POST /auth/client/verify-password',
      'GET /profile',
      'GET /client-sessions/current/:userId',
      'GET /games/station/:stationId',
      'POST /game-accounts/release-by-session',
      'PUT /social/presence',
    ]) {
      expect(keys).toContain(expected);
    }
  });
  it('fills and encodes path parameters', () => {
    expect(routePath(routes.stationGames.path, { stationId: 'st 1/x' })).toBe('/games/station/st%201%2Fx');
    expect(() => routePath(routes.stationGames.path, {})).toThrow(/stationId/);
  });
  it('validates the heartbeat body of §7', () => {
    const good = {
      stationId: 'st-01',
      ipAddress: '10.0.0.5',
      macAddress: '02:53:50:00:00:01',
      metadata: { pcName: 'PC-01', clientVersion: '1.0.0', timestamp: new Date().toISOString() },
    };
    expect(routes.stationHeartbeat.body.safeParse(good).success).toBe(true);
    expect(routes.stationHeartbeat.body.safeParse({ ...good, metadata: undefined }).success).toBe(false);
  });
});

describe('bridge protocol', () => {
  it('accepts a launch with a centre account', () => {
    const r = parseRendererMessage({ command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'a1', Username: 'u', Password: 'p' });
    expect(r.ok).toBe(true);
  });
  it.each([
    [{ command: 'SystemSoundVolume', volume: '101' }],
    [{ command: 'SystemSoundVolume', volume: 'abc' }],
    [{ command: 'SystemSoundVolume' }],
    [{ command: 'Launch' }],
    [{ command: 'RenamePC', newName: 'PC; shutdown -s' }],
    [{ command: 'Nope' }],
    ['not an object'],
  ])('rejects %j from the renderer', (raw) => expect(parseRendererMessage(raw).ok).toBe(false));
  it('ignores shell messages the SPEC says to ignore', () => {
    expect(parseShellMessage({ command: 'NFC_LOGIN' }).ok).toBe(false);
    expect(parseShellMessage({ command: 'AppLaunched' }).ok).toBe(false);
    expect(parseShellMessage({ command: 'AppClosed', JsonID: '' }).ok).toBe(false);
    expect(parseShellMessage({ command: 'SystemVolumeChanged', volume: 'loud' }).ok).toBe(false);
    expect(parseShellMessage({ command: 'SystemVolumeChanged' }).ok).toBe(false);
  });
  it('reads a numeric-string volume as a number', () => {
    const r = parseShellMessage({ command: 'SystemVolumeChanged', volume: '40' });
    expect(r.ok && r.message.command === 'SystemVolumeChanged' && r.message.volume).toBe(40);
  });
});

describe('socket events', () => {
  it('drops a malformed station command and keeps a good one', () => {
    expect(parseServerEvent('stationCommand', { command: 'FORMAT_C', stationId: 'st-01', timestamp: 1 }).ok).toBe(false);
    expect(parseServerEvent('stationCommand', { command: 'RENAME_PC', stationId: 'st-01', timestamp: 1, newName: 'X' }).ok).toBe(true);
  });
  it('lets any guestUnlocked payload through for the ack, but the strict schema needs every field', () => {
    expect(parseServerEvent('guestUnlocked', { junk: true }).ok).toBe(true);
    expect(parseServerEvent('guestUnlocked', 'not an object').ok).toBe(true);
    const full = { sessionId: 's', stationId: 'st', stationNumber: 1, userId: 'u', guestUsername: 'guest_1' };
    expect(guestUnlockSchema.safeParse(full).success).toBe(true);
    expect(guestUnlockSchema.safeParse({ ...full, guestUsername: undefined, username: 'guest_1' }).success).toBe(true);
    for (const field of ['sessionId', 'stationId', 'stationNumber', 'userId'] as const) {
      expect(guestUnlockSchema.safeParse({ ...full, [field]: undefined }).success, field).toBe(false);
    }
    expect(guestUnlockSchema.safeParse({ ...full, guestUsername: undefined }).success).toBe(false);
  });
});

describe('catalogs of §3 and §9', () => {
  it('names 31 categories, unknowns and empties', () => {
    expect(CATEGORY_NAMES).toHaveLength(31);
    expect(categoryName(30)).toBe('Peripheral Software');
    expect(categoryName(99)).toBe('Category 99');
    expect(categoryNames([])).toEqual(['Uncategorized']);
  });
  it('names platforms, shows Game as Other on chips', () => {
    expect(platformName(Platform.XboxApp)).toBe('Xbox App');
    expect(platformChipLabel(Platform.Game)).toBe('Other');
    expect(FILTER_CHIP_PLATFORMS).toHaveLength(9);
  });
  it('sorts by platform order then name', () => {
    const games = [
      { Platform: Platform.Epic, Name: 'B' },
      { Platform: Platform.Steam, Name: 'Z' },
      { Platform: Platform.Steam, Name: 'A' },
      { Platform: Platform.Riot, Name: 'C' },
    ];
    expect([...games].sort(compareGames).map((g) => g.Name)).toEqual(['A', 'Z', 'C', 'B']);
  });
  it('offers centre accounts only on the six platforms', () => {
    expect(offersCentreAccounts(Platform.Steam)).toBe(true);
    expect(offersCentreAccounts(Platform.LAN)).toBe(false);
  });
  it('classifies applications', () => {
    expect(isApplication({ Json_ID: 'plat-steam', Platform: 3 })).toBe(true);
    expect(isApplication({ Json_ID: 'game-x', Platform: 0 })).toBe(true);
    expect(isApplication({ Json_ID: 'game-x', Platform: 3 })).toBe(false);
  });
});

describe('display rules', () => {
  it('formats the hourly rate, rounding from 1000', () => {
    expect(formatHourlyRate(1500.4)).toBe('1500IQD/hour');
    expect(formatHourlyRate(750.5)).toBe('750.5IQD/hour');
  });
  it('strips the guest prefix', () => expect(welcomeName('guest_42')).toBe('42'));
  it('greets a guest by a real name, never by the generated suffix (issue 24)', () => {
    expect(greetingName('guest_274d')).toBeNull();
    expect(greetingName('guest_42')).toBeNull();
    expect(greetingName('guest_Ahmed')).toBe('Ahmed');
    expect(greetingName('ali')).toBe('ali');
  });
  it('formats durations and clocks', () => {
    expect(formatPlayDuration(null)).toBe('In progress');
    expect(formatPlayDuration(75)).toBe('1h 15m');
    expect(formatPlayDuration(9)).toBe('9m');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(65)).toBe('01:05');
  });
  it('caps the badge at 9+', () => {
    expect(badgeCount(9)).toBe('9');
    expect(badgeCount(10)).toBe('9+');
  });
  it('computes offers per §9', () => {
    const base = { id: 'o', name: 'n', description: '', minimumPurchase: 10_000, discountAmount: null, discountPercentage: 15, maximumDiscount: 1_000 };
    expect(offerValue({ ...base, offerType: 'percentage_discount' })).toBe(1_000);
    expect(offerValue({ ...base, offerType: 'credit_bonus' })).toBe(1_500);
    expect(offerValue({ ...base, offerType: 'fixed_amount_discount', discountAmount: 500 })).toBe(500);
  });
  it('turns balance into minutes at the hourly rate', () => {
    expect(minutesForBalance(25_000, 1_500)).toBe(1000);
    expect(minutesForBalance(24_975, 1_500)).toBe(999);
    expect(minutesForBalance(-5, 1_500)).toBe(0);
    expect(minutesForBalance(100, 0)).toBeNull();
  });
});

describe('message catalog', () => {
  it('has 15 splash messages', () => {
    expect(SPLASH_MESSAGE_KEYS).toHaveLength(15);
    for (const key of SPLASH_MESSAGE_KEYS) expect(en[key]).toBeTruthy();
  });
  it('fills placeholders', () => {
    expect(format('status.text', { number: 3, status: 'maintenance' })).toBe('Station 3 is currently maintenance');
    expect(format('login.hourlyRate', { rate: 1500 })).toBe('1500IQD/hour');
  });
  it('holds the SPEC texts exactly', () => {
    expect(en['login.guestGranted']).toBe('Guest Access Granted! Loading dashboard...');
    expect(en['error.login.invalid']).toBe('Invalid username or password.');
    expect(en['status.setByAdmin']).toBe('This status was set by an administrator');
  });
});
