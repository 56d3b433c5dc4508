/** Audit and ledger lines in the cafe's words, English and Arabic (issue 23). */
import { describe, expect, it } from 'vitest';
import {
  auditSentence,
  ledgerKindText,
  ledgerNote,
  ledgerSentence,
  LEDGER_KIND_TEXTS,
  AUDIT_VERBS,
  COMMAND_WORDS,
  REFUSAL_CODES,
  REFUSAL_TEXTS,
  STATUS_WORDS,
  type AuditFacts,
} from '../../src/shared/audit-text.js';
import { STATION_COMMANDS } from '../../src/shared/socket/events.js';
import { ar as kioskArabic } from '../../src/renderer/core/i18n/ar.js';
import { en as kioskEnglish } from '../../src/shared/i18n/en.js';

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
    expect(auditSentence(topUp, 'ar')).toBe('شحن sara رصيد ali بمبلغ 5,000 د.ع نقدًا — «\u2068birthday\u2069»');
  });

  it('a refused action says why in the reader’s language: a code, never the server’s English', () => {
    const refused = facts({ verb: 'unlockGuest', station: 3, minutes: 30, refused: 'offline' });
    expect(auditSentence(refused, 'en')).toBe('sara unlocked PC 3 for a guest (30 min) — refused: the PC is not connected');
    expect(auditSentence(refused, 'ar')).toBe('فتح sara الجهاز 3 لضيف (30 د) — رُفض: الجهاز غير متصل');
    // A guest's time in hours and minutes, as every other length of time (never "(90 min)").
    const long = facts({ verb: 'unlockGuest', station: 3, minutes: 90 });
    expect(auditSentence(long, 'en')).toBe('sara unlocked PC 3 for a guest (1 h 30 min)');
    expect(auditSentence(long, 'ar')).toBe('فتح sara الجهاز 3 لضيف (1 س 30 د)');
    const overLimit = facts({ verb: 'topUp', target: 'ali', amount: 900_000, method: 'cash', refused: 'actionLimit' });
    expect(auditSentence(overLimit, 'ar')).toBe('شحن sara رصيد ali بمبلغ 900,000 د.ع نقدًا — رُفض: يتجاوز حد المالك للعملية الواحدة');
    for (const code of REFUSAL_CODES) {
      expect(REFUSAL_TEXTS.ar[code], code).toMatch(/[\u0600-\u06ff]/);
      expect(REFUSAL_TEXTS.ar[code], code).not.toMatch(/[a-z]/i);
    }
    // A line written before the codes keeps the words it was stored with.
    expect(auditSentence(facts({ verb: 'endSession', station: 1, refused: 'Session s1 has already ended.' }))).toBe(
      'sara ended the session on PC 1 — refused: Session s1 has already ended.',
    );
  });

  it('a lock carries its message; a status and a command are in words, in both languages', () => {
    expect(auditSentence(facts({ verb: 'lock', station: 2, note: 'Please come to the desk' }))).toBe('sara locked PC 2 — “Please come to the desk”');
    expect(auditSentence(facts({ verb: 'setStatus', station: 2, detail: 'maintenance' }))).toBe('sara set PC 2 to maintenance');
    expect(auditSentence(facts({ verb: 'setStatus', station: 2, detail: 'maintenance' }), 'ar')).toBe('جعل sara حالة الجهاز 2: قيد الصيانة');
    expect(auditSentence(facts({ verb: 'command', station: 4, detail: 'RESTART' }))).toBe('sara told PC 4 to restart');
    expect(auditSentence(facts({ verb: 'command', station: 4, detail: 'RESTART' }), 'ar')).toBe('طلب sara من الجهاز 4 إعادة التشغيل');
    expect(auditSentence(facts({ verb: 'command', station: 4, detail: 'SHUTDOWN_PC' }), 'ar')).toBe('طلب sara من الجهاز 4 إيقاف التشغيل');
  });

  it('every command and every status has its words in both languages; the statuses are the kiosk’s own words', () => {
    for (const command of STATION_COMMANDS) {
      for (const lang of ['en', 'ar'] as const) expect(COMMAND_WORDS[lang][command], `${command} ${lang}`).toBeTruthy();
      expect(COMMAND_WORDS.ar[command]).not.toMatch(/[A-Z_]/);
    }
    for (const status of ['maintenance', 'offline', 'reserved', 'locked'] as const) {
      expect(STATUS_WORDS.en[status]).toBe(kioskEnglish[`status.name.${status}`]);
      expect(STATUS_WORDS.ar[status]).toBe(kioskArabic[`status.name.${status}`]);
    }
    expect(Object.keys(STATUS_WORDS.ar).sort()).toEqual(Object.keys(STATUS_WORDS.en).sort());
  });

  it('a hold says which PCs, for whom and until when; a release which PCs', () => {
    const until = new Date(2026, 10, 27, 21, 0).toISOString();
    const hold = facts({ verb: 'hold', target: 'ali', stations: [3, 4], until, note: 'Birthday' });
    expect(auditSentence(hold, 'en')).toBe('sara held PCs 3, 4 for ali until 27/11/2026, 21:00 — “Birthday”');
    expect(auditSentence(hold, 'ar')).toBe('حجز sara الأجهزة 3، 4 لـ ali حتى 27\u200f/11\u200f/2026، 21:00 — «\u2068Birthday\u2069»');
    expect(auditSentence(facts({ verb: 'hold', stations: [7], until, note: 'Tournament' }), 'en')).toBe('sara held PC 7 for an event until 27/11/2026, 21:00 — “Tournament”');
    expect(auditSentence(facts({ verb: 'releaseHold', target: 'ali', stations: [3] }), 'ar')).toBe('ألغى sara حجز الجهاز 3');
  });

  it('a new customer, a batch of cards and the owner’s limits read as sentences in both languages', () => {
    expect(auditSentence(facts({ verb: 'createCustomer', target: 'noor' }), 'en')).toBe('sara created the customer account noor');
    expect(auditSentence(facts({ verb: 'createCustomer', target: 'noor' }), 'ar')).toBe('أنشأ sara حساب الزبون noor');
    // Two Latin names side by side ("sara ali") read as one: the customer comes after the amount.
    expect(auditSentence(facts({ verb: 'freeTime', target: 'ali', amount: 2000 }), 'ar')).toBe('منح sara وقتًا مجانيًا بقيمة 2,000 د.ع لـ ali');
    expect(auditSentence(facts({ verb: 'createPrepaidBatch', count: 1, amount: 5000 }), 'en')).toBe('sara made 1 prepaid card of 5,000 IQD each');
    expect(auditSentence(facts({ verb: 'createPrepaidBatch', count: 10, amount: 5000 }), 'ar')).toBe('أنشأ sara 10 بطاقات مسبقة الدفع بقيمة 5,000 د.ع لكل بطاقة');
    expect(auditSentence(facts({ verb: 'setLimits', amount: 50_000, secondAmount: 500_000 }), 'en')).toBe(
      'sara set the staff money limits: 50,000 IQD per movement, 500,000 IQD per shift',
    );
    expect(auditSentence(facts({ verb: 'revealGameAccount', target: 'cafe_steam1' }), 'ar')).toBe('كشف sara كلمة مرور حساب المركز cafe_steam1');
  });

  it('a sign-in keeps its "in"; only a missing method drops a dangling one', () => {
    expect(auditSentence(facts({ verb: 'signIn', actor: 'owner' }))).toBe('owner signed in');
    expect(auditSentence(facts({ verb: 'signOut', actor: 'owner' }))).toBe('owner signed out');
    expect(auditSentence(facts({ verb: 'topUp', target: 'ali', amount: 5000 }))).toBe('sara topped up ali with 5,000 IQD');
  });

  it('a line with no method or no target still reads as a sentence', () => {
    expect(auditSentence(facts({ verb: 'refund', target: 'ali', amount: 1000, note: 'wrong PC' }))).toBe('sara refunded 1,000 IQD to ali — “wrong PC”');
    expect(auditSentence(facts({ verb: 'hold', note: 'Tournament' }))).toBe('sara held PCs for an event — “Tournament”');
    expect(auditSentence(facts({ verb: 'setStationGroup', station: 2 }))).toBe('sara took PC 2 out of its group');
    expect(auditSentence(facts({ verb: 'other', detail: 'POST /admin/wifi' }))).toBe('sara: POST /admin/wifi');
  });

  it('every verb has a sentence in both languages, and no placeholder is left unfilled', () => {
    for (const verb of AUDIT_VERBS) {
      for (const lang of ['en', 'ar'] as const) {
        const line = auditSentence(
          facts({ verb, target: 'ali', station: 1, amount: 10, method: 'card', detail: 'x', minutes: 5, stations: [1], count: 2, secondAmount: 20 }),
          lang,
        );
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
    expect(ledgerSentence(line, 'ar')).toBe('شحن رصيد · +5,000 د.ع · نقدًا · بواسطة sara — «\u2068birthday\u2069»');
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
