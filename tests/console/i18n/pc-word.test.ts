/**
 * One Arabic word for a PC in the console (issue 23): جهاز everywhere — the nav, the inbox, receipts, rows, the
 * Stations screen — never محطة or حاسوب beside it; and a count of PCs is worded, so "2 / 8" cannot read "8 / 2"
 * right to left.
 */
import { describe, expect, it } from 'vitest';
import { ar } from '../../../src/console/i18n/ar.js';
import { createConsoleI18n } from '../../../src/console/i18n/index.js';
import { auditSentence, AUDIT_VERBS } from '../../../src/shared/audit-text.js';

describe('one Arabic word for a PC', () => {
  it('no Arabic text of the console calls a PC محطة or حاسوب', () => {
    const other = Object.entries(ar).filter(([, value]) => /محط|حاسوب|حواسيب/.test(value));
    expect(other).toEqual([]);
    expect(ar['nav.stations']).toBe('الأجهزة');
    expect(ar['inbox.alert.lost']).toBe('انقطع اتصال الجهاز أثناء الجلسة');
    expect(ar['room.newName']).toBe('اسم الجهاز الجديد');
  });

  it('the audit log says جهاز too', () => {
    for (const verb of AUDIT_VERBS) {
      const line = auditSentence({ verb, actor: 'sara', target: 'ali', station: 3, amount: 10, method: null, note: null, minutes: null, detail: null, refused: null, stations: [3] }, 'ar');
      expect(line, verb).not.toMatch(/محط|حاسوب/);
    }
  });

  it('PCs in use are worded: "2 من 8" in Arabic, "2 / 8" in English', async () => {
    const arabic = await createConsoleI18n('ar');
    expect(arabic.t('today.inUseOf', { inUse: 2, total: 8 })).toBe('2 من 8');
    const english = await createConsoleI18n('en');
    expect(english.t('today.inUseOf', { inUse: 2, total: 8 })).toBe('2 / 8');
  });
});
