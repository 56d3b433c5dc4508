/**
 * `--seed demo`: "Spawnpoint Arena", a gaming cafe in Baghdad. Two station
 * groups, eight PCs, an announcement, a WiFi QR code, five accounts and the
 * game catalogue. Runs only on an empty database.
 */
import { seedProfileDemo } from './profile.js';
import QRCode from 'qrcode';
import { hashPassword } from '../crypto/passwords.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { Db, UserRow } from '../db/schema.js';
import { thumbnailUrl } from '../games/thumbnails.js';
import { DEMO_CATALOG } from './catalog.js';
import { seedOffers } from '../offers/seed.js';
import { seedFrontDoor } from './front-door.js';
import { seedConsoleStaff } from './console.js';
import { seedDemoGameAccounts } from './game-accounts.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { newUserRow } from '../users/new-user.js';
import { openingBalance } from '../wallet/service.js';

export const DEMO_CAFE_NAME = 'Spawnpoint Arena';
export const DEMO_WIFI = { ssid: 'Spawnpoint Arena', password: 'arena2025' };

export const DEMO_GROUPS = [
  { name: 'Standard', hourlyRate: 1500, stations: [1, 2, 3, 4, 5] },
  { name: 'VIP', hourlyRate: 3000, stations: [6, 7, 8] },
] as const;

export const demoStationId = (n: number) => `st-${String(n).padStart(2, '0')}`;
export const demoMac = (n: number) => `02:53:50:00:00:${String(n).padStart(2, '0')}`;

interface DemoUser {
  username: string;
  password: string;
  fields: Partial<UserRow> & { type: string };
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', password: 'admin123', fields: { type: 'admin', display_name: 'Arena Admin' } },
  {
    username: 'ali',
    password: 'ali12345',
    fields: {
      type: 'regular',
      balance: 25_000,
      xp: 4200,
      lifetime_xp: 4200,
      level: 3,
      display_name: 'Ali Hassan',
      email: 'ali@example.com',
      phone_number: '+9647701234567',
    },
  },
  { username: 'sara', password: 'sara12345', fields: { type: 'regular', balance: 8000, display_name: 'Sara Kareem' } },
  { username: 'reset_me', password: 'reset123', fields: { type: 'regular', balance: 5000, require_password_reset: 1 } },
  { username: 'topup', password: 'topup123', fields: { type: 'regular', balance: 0, require_balance_top_up: 1 } },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [stations, users] = await Promise.all([
    db.selectFrom('stations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return stations.n === 0 && users.n === 0;
}

/** WiFi join string (ZXing format) rendered as a PNG, plain base64. */
export async function wifiQrBase64(ssid: string, password: string): Promise<string> {
  const escape = (s: string) => s.replace(/([\\;,:"])/g, '\\$1');
  const png = await QRCode.toBuffer(`WIFI:T:WPA;S:${escape(ssid)};P:${escape(password)};;`, {
    type: 'png',
    width: 256,
    margin: 1,
  });
  return png.toString('base64');
}

/** Seeds the demo cafe if the database is empty. Returns whether it did. */
export async function seedDemo(db: Db, clock: Clock, secrets?: SecretBox): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const now = isoNow(clock);
  const users = await Promise.all(
    DEMO_USERS.map(
      async (u): Promise<UserRow> =>
        newUserRow({
          username: u.username,
          password_hash: await hashPassword(u.password),
          created_at: now,
          ...u.fields,
        }),
    ),
  );
  const qr = await wifiQrBase64(DEMO_WIFI.ssid, DEMO_WIFI.password);

  await db.transaction().execute(async (trx) => {
    for (const group of DEMO_GROUPS) {
      const groupId = newId('grp');
      await trx
        .insertInto('station_groups')
        .values({ id: groupId, name: group.name, hourly_rate: group.hourlyRate, created_at: now })
        .execute();
      for (const n of group.stations) {
        await trx
          .insertInto('stations')
          .values({
            id: demoStationId(n),
            number: n,
            name: `PC-${String(n).padStart(2, '0')}`,
            mac_address: demoMac(n),
            group_id: groupId,
            status: 'available',
            ip_address: `192.168.1.${100 + n}`,
            last_heartbeat_at: null,
            created_at: now,
          })
          .execute();
      }
    }
    await trx.insertInto('users').values(users).execute();
    // The ledger is the truth (issue 21): a demo balance is an opening line.
    for (const user of users) await openingBalance(trx, user, now);
    await seedFrontDoor(trx, users, now);
    // The demo's emails belong to their accounts (as if each had followed its verification link).
    for (const user of users.filter((u) => u.email)) {
      await trx.insertInto('users_email_verified').values({ user_id: user.id, verified_at: now }).execute();
    }
    await seedOffers(trx, now);
    await seedProfileDemo(trx, now);
    await trx
      .insertInto('announcements')
      .values({
        id: newId('ann'),
        title: 'Weekend tournament',
        message: 'Valorant cup this Friday at 8 PM! 5v5, teams register at the front desk. Prize pool 500,000 IQD.',
        is_active: 1,
        created_at: now,
      })
      .execute();
    await trx
      .insertInto('wifi_qr')
      .values({ id: newId('wifi'), ssid: DEMO_WIFI.ssid, qr_code_base64: qr, is_active: 1, created_at: now })
      .execute();
    await trx
      .insertInto('games')
      .values(
        DEMO_CATALOG.map((g) => ({
          json_id: g.jsonId,
          name: g.name,
          thumbnail: thumbnailUrl(g.jsonId),
          platform: g.platform,
          categories: JSON.stringify(g.categories),
          app_id: g.appId ?? null,
          is_multi_platform: g.multi ? 1 : 0,
        })),
      )
      .execute();
  });
  if (secrets) await seedDemoGameAccounts(db, secrets, now);
  await seedConsoleStaff(db, now, secrets);
  return true;
}
