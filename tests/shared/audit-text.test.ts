/** Audit and ledger lines in the cafe's words, English and Arabic (issue 23). */
import { describe, expect, it } from 'vitest';
import { auditSentence, ledgerKindText, ledgerNote, ledgerSentence, LEDGER_KIND_TEXTS, AUDIT_VERBS, type AuditFacts } from '../../src/shared/audit-text.js';

const facts = (over: Partial<AuditFacts>): AuditFacts => ({
  verb: 'other',
  actor: 'sara',
  target: null,
  station: null,
  amount: null,
  method: null,
  note: null,
  minutes: null,
  detail: null,
  refused: null,
  ...over,
});

describe('audit lines as sentences', () => {
  it('a top-up says who, to whom, how much, how and the note', () => {
    const topUp = facts({ verb: 'topUp', target: 'ali', amount: 5000, method: 'cash', note: 'birthday' });
    expect(auditSentence(topUp, 'en')).toBe('sara topped up ali with 5,000 IQD in cash — “birthday”');
    expect(auditSentence(topUp, 'ar')).toBe('شحن sara رصيد ali بمبلغ 5,000 د.ع نقدًا — «birthday»');
  });

  it('a refused action says so, with the reason', () => {
    const refused = facts({ verb: 'unlockGuest', station: 3, minutes: 30, refused: 'offline: the station is not connected' });
    expect(auditSentence(refused, 'en')).toBe('sara unlocked PC 3 for a guest (30 min) — refused: offline: the station is not connected');
    expect(auditSentence(refused, 'ar')).toContain('رُفض');
  });

  it('a lock carries its message; a status names it; a command names itself', () => {
    expect(auditSentence(facts({ verb: 'lock', station: 2, note: 'Please come to the desk' }))).toBe('sara locked PC 2 — “Please come to the desk”');
    expect(auditSentence(facts({ verb: 'setStatus', station: 2, detail: 'maintenance' }))).toBe('sara set PC 2 to maintenance');
    expect(auditSentence(facts({ verb: 'command', station: 4, detail: 'RESTART' }))).toBe('sara sent RESTART to PC 4');
  });

  it('a sign-in keeps its "in"; only a missing method drops a dangling one', () => {
    expect(auditSentence(facts({ verb: 'signIn', actor: 'owner' }))).toBe('owner signed in');
    expect(auditSentence(facts({ verb: 'signOut', actor: 'owner' }))).toBe('owner signed out');
    expect(auditSentence(facts({ verb: 'topUp', target: 'ali', amount: 5000 }))).toBe('sara topped up ali with 5,000 IQD');
  });

  it('a line with no method or no target still reads as a sentence', () => {
    expect(auditSentence(facts({ verb: 'refund', target: 'ali', amount: 1000, note: 'wrong PC' }))).toBe('sara refunded 1,000 IQD to ali — “wrong PC”');
    expect(auditSentence(facts({ verb: 'hold', note: 'Tournament' }))).toBe('sara held PCs for an event — “Tournament”');
    expect(auditSentence(facts({ verb: 'other', detail: 'POST /admin/wifi' }))).toBe('sara: POST /admin/wifi');
  });

  it('every verb has a sentence in both languages, and no placeholder is left unfilled', () => {
    for (const verb of AUDIT_VERBS) {
      for (const lang of ['en', 'ar'] as const) {
        const line = auditSentence(facts({ verb, target: 'ali', station: 1, amount: 10, method: 'card', detail: 'x', minutes: 5 }), lang);
        expect(line, `${verb} ${lang}`).not.toMatch(/\{\w+\}/);
        expect(line.length).toBeGreaterThan(4);
      }
    }
  });
});

describe('ledger lines in words', () => {
  it('every kind has a word in both languages; raw kinds never show', () => {
    for (const kind of Object.keys(LEDGER_KIND_TEXTS.en)) {
      expect(LEDGER_KIND_TEXTS.ar[kind], kind).toBeTruthy();
      expect(ledgerKindText(kind, 'en')).not.toContain('_');
    }
    expect(ledgerKindText('offer_order', 'en')).toBe('Store order');
    expect(ledgerKindText('offer_order', 'ar')).toBe('طلب من المتجر');
  });

  it('a line reads kind · signed amount · method · by whom — the note staff wrote', () => {
    const line = { amount: 5000, kind: 'top_up', paymentMethod: 'cash', staff: 'sara', reason: 'top-up (cash): birthday' };
    expect(ledgerSentence(line, 'en')).toBe('Top-up · +5,000 IQD · cash · by sara — “birthday”');
    expect(ledgerSentence(line, 'ar')).toBe('شحن رصيد · +5,000 د.ع · نقدًا · بواسطة sara — «birthday»');
    expect(ledgerSentence({ amount: -37, kind: 'session', paymentMethod: null, staff: null, reason: 'session ses_1' }, 'en')).toBe('Play time · −37 IQD');
  });

  it('the note is what staff wrote, or a package’s name; the wallet’s own words are not repeated', () => {
    expect(ledgerNote('refund: wrong PC')).toBe('wrong PC');
    expect(ledgerNote('free time: sorry for the wait')).toBe('sorry for the wait');
    expect(ledgerNote('package Night pass paid at the counter (card)')).toBe('Night pass');
    expect(ledgerNote('top-up (cash)')).toBeNull();
    expect(ledgerNote('offer_order')).toBeNull();
  });
});
