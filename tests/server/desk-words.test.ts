/** The desk in the cafe's words (issue 23): audit lines keep their facts, so screens say who did what to whom. */
import { describe, expect, it } from 'vitest';
import {
  adminCommand,
  adminGameCatalogue,
  adminSetStatus,
  adminUnlockGuest,
  auditLog,
  createHold,
  customerCreate,
  customerRefund,
  customerTopUp,
  openShift,
} from '../../src/shared/api/routes.js';
import { auditSentence } from '../../src/shared/audit-text.js';
import { formatDateTime } from '../../src/shared/format.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { useServer } from './support/server.js';

const t = useServer();

describe('audit lines in words', () => {
  it('a top-up, a refund, a lock and a refused unlock read as sentences with amount, method, note and station', async () => {
    const desk = await deskConsole(t.url);
    const owner = await ownerConsole(t.url, t.clock.now());
    expect((await desk.call(openShift, { body: { openingFloat: 50_000 } })).status).toBe(200);
    expect((await desk.call(customerTopUp, { params: { username: 'sara' }, body: { amount: 5000, method: 'cash', note: 'birthday' } })).status).toBe(200);
    expect((await owner.call(customerRefund, { params: { username: 'sara' }, body: { amount: 1000, reason: 'wrong PC' } })).status).toBe(200);
    await desk.call(adminSetStatus, { params: { stationId: 'st-02' }, body: { status: 'locked', message: 'Please come to the desk' } });
    await desk.call(adminUnlockGuest, { params: { stationId: 'st-03' }, body: { minutes: 30 } });
    const lines = auditLog.response.parse((await owner.call(auditLog)).body);
    const words = (lang: 'en' | 'ar') => lines.filter((l) => l.facts).map((l) => auditSentence(l.facts!, lang));
    const staff = DEMO_STAFF.username;
    expect(words('en')).toEqual(
      expect.arrayContaining([
        `${staff} opened a shift with a float of 50,000 IQD`,
        `${staff} topped up sara with 5,000 IQD in cash — “birthday”`,
        `${DEMO_OWNER.username} refunded 1,000 IQD to sara — “wrong PC”`,
        `${staff} locked PC 2 — “Please come to the desk”`,
        `${staff} unlocked PC 3 for a guest (30 min) — refused: the PC is not connected`,
      ]),
    );
    expect(words('ar')).toContain(`شحن ${staff} رصيد sara بمبلغ 5,000 د.ع نقدًا — «\u2068birthday\u2069»`);
    // The refusal in Arabic words, never the server's English.
    expect(words('ar')).toContain(`فتح ${staff} الجهاز 3 لضيف (30 د) — رُفض: الجهاز غير متصل`);
    expect(words('ar').join('\n')).not.toMatch(/offline|station is not connected/);
  });

  it('a command, a status, a hold and a new customer read in words in both languages: no raw value in the sentence', async () => {
    const desk = await deskConsole(t.url);
    const owner = await ownerConsole(t.url, t.clock.now());
    const staff = DEMO_STAFF.username;
    await desk.call(adminCommand, { params: { stationId: 'st-04' }, body: { command: 'RESTART' } });
    expect((await desk.call(adminSetStatus, { params: { stationId: 'st-05' }, body: { status: 'maintenance' } })).status).toBe(200);
    const startsAt = new Date(t.clock.now() + 60 * 60_000);
    const endsAt = new Date(t.clock.now() + 3 * 60 * 60_000);
    const held = await desk.call(createHold, {
      body: { stationIds: ['st-06', 'st-07'], label: 'Tournament', startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
    });
    expect(held.status).toBe(200);
    expect((await desk.call(customerCreate, { body: { username: 'noor', password: 'first-Pass-123' } })).status).toBe(200);
    const lines = auditLog.response.parse((await owner.call(auditLog)).body);
    const words = (lang: 'en' | 'ar') => lines.filter((l) => l.facts).map((l) => auditSentence(l.facts!, lang));
    const until = (lang: 'en' | 'ar') => formatDateTime(endsAt, lang);
    expect(words('en')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${staff} told PC 4 to restart`)),
        `${staff} set PC 5 to maintenance`,
        `${staff} held PCs 6, 7 for an event until ${until('en')} — “Tournament”`,
        `${staff} created the customer account noor`,
      ]),
    );
    expect(words('ar')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^طلب ${staff} من الجهاز 4 إعادة التشغيل`)),
        `جعل ${staff} حالة الجهاز 5: قيد الصيانة`,
        `حجز ${staff} الأجهزة 6، 7 لـ فعالية حتى ${until('ar')} — «\u2068Tournament\u2069»`,
        `أنشأ ${staff} حساب الزبون noor`,
      ]),
    );
    const arabic = words('ar').join('\n');
    expect(arabic).not.toMatch(/RESTART|maintenance|\/admin/);
    // The new customer's first password is nowhere in the facts.
    expect(JSON.stringify(lines.map((l) => l.facts))).not.toContain('first-Pass-123');
  });
});

describe('games picked from the catalogue', () => {
  it('staff list the catalogue, narrowed to a platform or a part of the name (any case); the ids are the catalogue’s', async () => {
    const desk = await deskConsole(t.url);
    const all = adminGameCatalogue.response.parse((await desk.call(adminGameCatalogue)).body);
    const rows = await t.server.db.selectFrom('games').select(['json_id', 'name', 'platform']).execute();
    expect(all).toHaveLength(Math.min(rows.length, 500));
    const steam = adminGameCatalogue.response.parse((await desk.call(adminGameCatalogue, { query: 'platform=3' })).body);
    expect(steam.length).toBe(rows.filter((r) => r.platform === 3).length);
    expect(steam.every((g) => g.platform === 3)).toBe(true);
    const sample = rows[0]!;
    const part = sample.name.slice(1, 4).toUpperCase();
    const found = adminGameCatalogue.response.parse((await desk.call(adminGameCatalogue, { query: `q=${encodeURIComponent(part)}` })).body);
    expect(found.map((g) => g.jsonId)).toContain(sample.json_id);
    expect(found.every((g) => g.name.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect((await desk.call(adminGameCatalogue, { query: 'q=%25' })).body).toEqual([]);
  });
});
