/** Receipts read in the desk's language: the server's reasons and the actions are translated, a station's refusal keeps its words. */
import { describe, expect, it } from 'vitest';
import { RECEIPT_REASONS, type Receipt } from '../../../src/shared/api/console.js';
import { createConsoleI18n } from '../../../src/console/i18n/index.js';
import { reasonText, receiptLine } from '../../../src/console/room/receiptText.js';

const receipt = (action: string, message: string | null = null): Receipt => ({ id: 'r1', stationId: 'st-01', stationNumber: 3, action, state: 'failed', reason: null, by: 'desk', at: '2026-11-23T20:00:00.000Z', message });

describe('receipt text', () => {
  it('names the action with the room’s own button words, in English and in Arabic', async () => {
    const en = await createConsoleI18n('en');
    const ar = await createConsoleI18n('ar');
    expect(receiptLine(en.t, receipt('RESTART'))).toBe('PC 3 · Restart · failed');
    expect(receiptLine(en.t, receipt('unlock-guest'))).toBe('PC 3 · Unlock guest · failed');
    expect(receiptLine(en.t, receipt('status:maintenance'))).toBe('PC 3 · Set status: Maintenance · failed');
    expect(receiptLine(en.t, receipt('status:closed for cleaning'))).toBe('PC 3 · lock “closed for cleaning” · failed');
    expect(receiptLine(en.t, receipt('SOMETHING_NEW'))).toBe('PC 3 · SOMETHING_NEW · failed');
    // A lock's receipt carries its message beside the action (the status is 'locked'); in Arabic the words are isolated.
    expect(receiptLine(en.t, receipt('lock', 'Please come to the desk'))).toBe('PC 3 · lock “Please come to the desk” · failed');
    expect(receiptLine(ar.t, receipt('lock', 'Please come to the desk'))).toContain('«\u2068Please come to the desk\u2069»');
    const arabic = receiptLine(ar.t, receipt('RESTART'));
    expect(arabic).toContain(ar.t('room.restart'));
    expect(arabic).not.toContain('RESTART');
  });

  it('translates the server’s reasons and keeps a station’s refusal in its own words', async () => {
    const ar = await createConsoleI18n('ar');
    for (const reason of Object.values(RECEIPT_REASONS)) {
      const text = reasonText(ar.t, reason);
      expect(text).not.toBe(reason);
      expect(text).not.toMatch(/[a-z]{4,}/);
    }
    expect(reasonText(ar.t, 'refused: Invalid command')).toBe('رُفض: Invalid command');
    expect(reasonText(ar.t, 'something else')).toBe('something else');
  });
});
