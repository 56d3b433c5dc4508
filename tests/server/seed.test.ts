import { describe, expect, it } from 'vitest';
import { ALL_PLATFORMS } from '../../src/shared/catalog/platforms.js';
import { CATEGORY_NAMES } from '../../src/shared/catalog/categories.js';
import { gameEntrySchema } from '../../src/shared/entities.js';
import { stationGames } from '../../src/shared/api/routes.js';
import { api, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ per: 'file' });

describe('demo seed', () => {
  it('creates Spawnpoint Arena: 2 groups and 8 stations with their MACs', async () => {
    const groups = await t.server.db.selectFrom('station_groups').selectAll().orderBy('hourly_rate').execute();
    expect(groups.map((g) => [g.name, g.hourly_rate])).toEqual([['Standard', 1500], ['VIP', 3000]]);
    const stations = await t.server.db.selectFrom('stations').selectAll().orderBy('number').execute();
    expect(stations.map((s) => [s.id, s.number, s.name, s.mac_address, s.status])).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`st-0${n}`, n, `PC-0${n}`, `02:53:50:00:00:0${n}`, 'available']),
    );
    const vip = groups.find((g) => g.name === 'VIP')?.id;
    expect(stations.filter((s) => s.group_id === vip).map((s) => s.number)).toEqual([6, 7, 8]);
  });

  it('creates the demo users with argon2id hashes and their flags', async () => {
    const users = await t.server.db.selectFrom('users').selectAll().orderBy('username').execute();
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(Object.keys(byName)).toEqual(['admin', 'ali', 'desk', 'owner', 'reset_me', 'sara', 'topup']);
    for (const u of users) expect(u.password_hash).toMatch(/^\$argon2id\$/);
    expect(byName.admin?.type).toBe('admin');
    // The console's demo staff (issue 15): an owner with TOTP set up, a front-desk account.
    expect(byName.owner?.type).toBe('admin');
    expect(byName.desk?.type).toBe('staff');
    expect(byName.ali).toMatchObject({ type: 'regular', balance: 25000, xp: 4200, level: 3, display_name: 'Ali Hassan', email: 'ali@example.com' });
    expect(byName.sara?.balance).toBe(8000);
    expect(byName.reset_me).toMatchObject({ require_password_reset: 1, balance: 5000 });
    expect(byName.topup).toMatchObject({ require_balance_top_up: 1, balance: 0 });
  });

  it('has at least 60 games covering every platform and category, served with SVG thumbnails', async () => {
    const { accessToken } = await login(t.url, 'sara', 'sara12345', 2);
    const games = await ok(t.url, stationGames, { params: { stationId: 'st-02' }, token: accessToken });
    expect(games.length).toBeGreaterThanOrEqual(60);
    for (const g of games) gameEntrySchema.parse(g);
    expect(new Set(games.map((g) => g.Platform))).toEqual(new Set(ALL_PLATFORMS));
    expect(new Set(games.flatMap((g) => g.Categories))).toEqual(new Set(CATEGORY_NAMES.map((_, i) => i)));
    for (const id of ['plat-steam', 'plat-epic', 'plat-riot', 'app-chrome', 'app-discord', 'peripheral-logitech-ghub']) {
      expect(games.some((g) => g.Json_ID === id)).toBe(true);
    }
    const siege = games.filter((g) => g.Name === 'Rainbow Six Siege');
    expect(siege.map((g) => g.Platform).sort()).toEqual([3, 8]);
    expect(siege.every((g) => g.IsMultiPlatform && g.App_ID === siege[0]?.App_ID)).toBe(true);

    const cs2 = games.find((g) => g.Json_ID === 'game-cs2');
    expect(cs2?.Thumbnail).toBe('/media/thumbnails/game-cs2.svg');
    const svg = await fetch(`${t.url}${cs2?.Thumbnail}`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    const text = await svg.text();
    expect(text).toContain('Counter-Strike 2');
    expect(await (await fetch(`${t.url}${cs2?.Thumbnail}`)).text()).toBe(text); // deterministic
    expect((await api(t.url, 'GET', '/media/thumbnails/game-nope.svg')).status).toBe(404);
  });

  it('stores an active announcement and a real PNG WiFi QR code', async () => {
    const ann = await t.server.db.selectFrom('announcements').selectAll().executeTakeFirstOrThrow();
    expect(ann).toMatchObject({ title: 'Weekend tournament', is_active: 1 });
    expect(ann.message).toMatch(/Valorant.*Friday.*8 PM/);
    const wifi = await t.server.db.selectFrom('wifi_qr').selectAll().executeTakeFirstOrThrow();
    const png = Buffer.from(wifi.qr_code_base64, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});
