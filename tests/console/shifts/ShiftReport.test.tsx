/**
 * The shift report tells an owner the truth in words (issue 23): the sessions started in the shift (a customer
 * playing now counts), prepaid cards counted as cards, every count with its word ("1 order", "2 cards"), in
 * English and Arabic, right to left, with 24-hour times.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShiftReport } from '../../../src/shared/api/console.js';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { ShiftsScreen } from '../../../src/console/shifts/ShiftsScreen.js';
import { ShiftsService } from '../../../src/console/shifts/shiftsService.js';
import { formatDateTime } from '../../../src/shared/format.js';
import { testCore } from '../support/fakes.js';

afterEach(cleanup);

const opened = new Date(2026, 10, 27, 16, 5).toISOString();
const shift = { id: 'sft_1', openedBy: 'desk', openedAt: opened, openingFloat: 20_000, closedBy: null, closedAt: null, countedCash: null, note: null };
const report: ShiftReport = {
  shift,
  sessions: 1,
  orders: { count: 1, total: 4000 },
  topUps: { cash: 5000, card: 0, count: 1 },
  refunds: { total: 2000, count: 2 },
  packages: { cash: 6000, card: 0, count: 1 },
  prepaid: { cash: 10_000, card: 0, count: 2 },
  expectedCash: 20_000 + 5000 + 6000 + 10_000 + 4000 - 2000,
  countedCash: null,
  difference: null,
  movements: [{ kind: 'prepaid_sale', method: 'cash', total: 10_000, count: 1 }],
};

async function shown(language: Language) {
  const t = testCore();
  t.server.on('GET /admin/shifts/current', { shift });
  t.server.on('GET /admin/shifts', [shift]);
  t.server.on('GET /admin/shifts/sft_1/report', report);
  const shifts = new ShiftsService(t.core.http, t.core.files);
  const i18n = await createConsoleI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FeaturesContext.Provider value={new Map([['shifts', shifts]])}>
          <ShiftsScreen />
        </FeaturesContext.Provider>
      </I18nextProvider>,
    );
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

const row = (article: HTMLElement, name: string) => within(article).getByRole('rowheader', { name }).closest('tr')!.querySelector('td')!.textContent;

describe('the shift report in words', () => {
  it('English: sessions started, two cards sold in one sale counted as two cards, every count with its word', async () => {
    await shown('en');
    const article = screen.getByRole('article', { name: 'Shift report' });
    expect(row(article, 'Sessions started')).toBe('1 session');
    expect(row(article, 'Orders approved')).toBe('4,000 IQD (1 order)');
    expect(row(article, 'Refunds')).toBe('2,000 IQD (2 refunds)');
    expect(row(article, 'Packages sold')).toBe('1 package');
    expect(row(article, 'Prepaid cards sold')).toBe('2 cards');
    expect(row(article, 'Prepaid cards sold in cash')).toBe('10,000 IQD');
    expect(article.textContent).not.toMatch(/\(\d+\)/);
    expect(article.textContent).toContain(`${formatDateTime(opened, 'en')} → …`);
    expect(article.textContent).toContain('27/11/2026, 16:05');
  });

  it('Arabic, right to left: the same counts in Arabic words, the time 24-hour', async () => {
    await shown('ar');
    const article = screen.getByRole('article', { name: 'تقرير الوردية' });
    expect(row(article, 'الجلسات التي بدأت')).toBe('جلسة واحدة');
    expect(row(article, 'الطلبات المقبولة')).toBe('4,000 د.ع (طلب واحد)');
    expect(row(article, 'المبالغ المستردة')).toBe('2,000 د.ع (استردادان)');
    expect(row(article, 'البطاقات مسبقة الدفع المباعة')).toBe('بطاقتان');
    expect(article.textContent).not.toMatch(/\(\d+\)/);
    expect(article.textContent).toContain('16:05');
    // No 12-hour time ("4:05 م").
    expect(article.textContent).not.toMatch(/\d ?[صم](?![\u0600-\u06ff])/);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
