/**
 * Every staff and owner action's audit line is a sentence (issue 23): no mutating admin route reads as a raw
 * "admin: POST /admin/…" line, and no secret a request or its answer carries ends up in the facts.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ROLES } from '../../src/shared/api/permissions.js';
import { RECEIPT_REASONS } from '../../src/shared/api/console.js';
import { auditSentence } from '../../src/shared/audit-text.js';
import { walletText } from '../../src/shared/wallet.js';
import { auditFacts, auditVerbOf, refusalCode } from '../../src/server/authority/audit-facts.js';
import { OWNER_ONLY } from '../../src/server/authority/admin-gate.js';

const MUTATING = /^(POST|PUT|PATCH|DELETE) /;

describe('every staff action has a verb', () => {
  it('no POST, PUT, PATCH or DELETE admin route of src/shared/api/permissions.ts maps to `other`', () => {
    const routes = Object.keys(ADMIN_ROUTE_ROLES).filter((r) => MUTATING.test(r));
    expect(routes.length).toBeGreaterThan(60);
    const raw = routes.filter((route) => auditVerbOf(route) === 'other');
    expect(raw).toEqual([]);
  });

  it('each of them reads as a sentence in both languages with no route, placeholder or underscore in it', () => {
    for (const route of Object.keys(ADMIN_ROUTE_ROLES).filter((r) => MUTATING.test(r))) {
      const facts = auditFacts({ actor: 'sara', action: route, params: { username: 'ali', stationId: 'st-01', id: 'x1' }, statusCode: 200, stationNumber: 1 });
      for (const lang of ['en', 'ar'] as const) {
        const line = auditSentence(facts, lang);
        expect(line, `${route} ${lang}`).not.toMatch(/\/admin|\{\w+\}|[A-Z]{2,}_/);
      }
    }
  });
});

describe('no secret in the facts', () => {
  const SECRETS = ['hunter2-pass', '482913', 'JBSWY3DPEHPK3PXP', 'otpauth://totp/x', 'wifi-secret-9'];
  const cases: [string, unknown, unknown][] = [
    ['POST /admin/game-accounts/:id/reveal', {}, { id: 'ga1', username: 'cafe_steam1', password: 'hunter2-pass' }],
    ['POST /admin/game-accounts/:id/password', { password: 'hunter2-pass' }, { success: true, id: 'ga1' }],
    ['POST /admin/game-accounts', { platform: 3, username: 'cafe_steam2', password: 'hunter2-pass' }, { username: 'cafe_steam2' }],
    ['POST /admin/stations/:stationId/pairing-code', {}, { stationId: 'st-01', pairingCode: '482913', expiresAt: '2026-11-27T20:00:00Z' }],
    ['POST /admin/staff/:username/totp/setup-code', {}, { code: '482913', expiresAt: '2026-11-27T20:00:00Z' }],
    ['POST /admin/console/totp/setup', { setupCode: '482913' }, { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: 'data:' }],
    ['POST /admin/console/totp/confirm', { code: '482913' }, { success: true }],
    ['POST /admin/customers', { username: 'noor', password: 'hunter2-pass' }, { username: 'noor' }],
    ['PUT /admin/wifi', { ssid: 'CafeNet', password: 'wifi-secret-9' }, { wifi: null }],
    ['POST /admin/staff/:username/password', { password: 'hunter2-pass' }, { success: true }],
  ];
  it.each(cases)('%s keeps who and what, never the password, code or key', (action, body, result) => {
    const facts = auditFacts({ actor: 'owner', action, params: { id: 'ga1', stationId: 'st-01', username: 'sara' }, body, result, statusCode: 200, stationNumber: 1, names: { account: 'cafe_steam1' } });
    const stored = JSON.stringify(facts);
    for (const secret of SECRETS) expect(stored, action).not.toContain(secret);
    expect(facts.verb).not.toBe('other');
  });

  it('the reveal names the account whose password was shown; the new customer is named', () => {
    const reveal = auditFacts({ actor: 'owner', action: 'POST /admin/game-accounts/:id/reveal', params: { id: 'ga1' }, result: { id: 'ga1', username: 'cafe_steam1', password: 'p' }, statusCode: 200, names: { account: 'cafe_steam1' } });
    expect(auditSentence(reveal, 'en')).toBe('owner revealed the password of the centre account cafe_steam1');
    const created = auditFacts({ actor: 'sara', action: 'POST /admin/customers', body: { username: 'noor', password: '[hidden]' }, result: { username: 'noor' }, statusCode: 200 });
    expect(auditSentence(created, 'ar')).toBe('أنشأ sara حساب الزبون noor');
  });
});

describe('a refusal is stored as a code', () => {
  it('the domain’s code when it gives one, the receipt’s and the gate’s known words, the rest by status', () => {
    expect(refusalCode(409, RECEIPT_REASONS.offline)).toBe('offline');
    expect(refusalCode(400, walletText('en', 'wallet.actionLimit', 50_000), 'wallet.actionLimit')).toBe('actionLimit');
    expect(refusalCode(400, walletText('en', 'wallet.shiftLimit', 1_000_000), 'wallet.shiftLimit')).toBe('shiftLimit');
    expect(refusalCode(409, 'Card ••12 was already sold: it cannot be sold again.', 'prepaidCard.sold')).toBe('cardSold');
    expect(refusalCode(409, 'anything', 'some.unknownCode')).toBe('conflict');
    expect(refusalCode(403, OWNER_ONLY)).toBe('ownerOnly');
    expect(refusalCode(400, 'IQD amounts are whole numbers')).toBe('invalid');
    expect(refusalCode(404, 'Unknown customer: x')).toBe('notFound');
    expect(refusalCode(409, 'This hold was already released.')).toBe('conflict');
    expect(refusalCode(500, 'Internal server error')).toBe('failed');
  });
});
