/**
 * The owner's period report on screen (issue 23): money taken (of it prepaid cards sold) and play consumed
 * are two figures side by side, never one sum; prepaid cards sold are a kind of sale in the cafe's words,
 * in both languages.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalesReport } from '../../../src/shared/api/admin-reports.js';
import { formatDate } from '../../../src/shared/format.js';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { ReportsScreen } from '../../../src/console/reports/ReportsScreen.js';
import { ReportsService } from '../../../src/console/reports/reportsService.js';
import { testCore } from '../support/fakes.js';

afterEach(cleanup);

const REPORT: SalesReport = {
  from: '2026-11-27',
  to: '2026-11-27',
  utcOffsetMinutes: 180,
  byKind: [
    { kind: 'play_plain', method: null, total: 7500, count: 0 },
    { kind: 'prepaid_sale', method: 'cash', total: 10_000, count: 1 },
    { kind: 'top_up', method: 'card', total: 15_000, count: 2 },
  ],
  byGroup: [],
  byStaff: [{ staff: 'desk', cash: 10_000, card: 15_000, count: 3 }],
  days: [{ date: '2026-11-27', plain: 7500, periods: 0, packageMinutes: 0, counter: 25_000, prepaid: 10_000 }],
  // The day by the hour: play from 18:00 to 21:00, the sales at 18:00 and 20:00.
  hours: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    plain: hour >= 18 && hour < 21 ? 2500 : 0,
    periods: 0,
    packageMinutes: 0,
    counter: hour === 18 ? 15_000 : hour === 20 ? 10_000 : 0,
    prepaid: hour === 20 ? 10_000 : 0,
  })),
  taken: { cash: 10_000, card: 15_000, prepaid: 10_000 },
  played: 7500,
};

async function shown(language: Language, report: SalesReport = REPORT) {
  return (await open(language, report)).reports;
}

async function open(language: Language, report: SalesReport = REPORT) {
  const t = testCore();
  t.server.on('GET /admin/reports/sales', report);
  const reports = new ReportsService(t.core.http, t.core.files, undefined, () => new Date(2026, 10, 27, 12));
  const i18n = await createConsoleI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FeaturesContext.Provider value={new Map([['reports', reports]])}>
          <ReportsScreen />
        </FeaturesContext.Provider>
      </I18nextProvider>,
    );
  });
  return { reports, requests: t.server.requests };
}

describe('the period report on screen', () => {
  it('shows money taken and play consumed apart, and prepaid cards sold as their own kind of sale', async () => {
    await shown('en');
    expect(screen.getByTestId('report-taken').textContent).toBe('25,000 IQD');
    expect(screen.getByTestId('report-taken').parentElement!.textContent).toContain('10,000 IQD cash · 15,000 IQD card · of it prepaid cards sold 10,000 IQD');
    expect(screen.getByTestId('report-played').textContent).toBe('7,500 IQD');
    expect(screen.getByTestId('report-played').parentElement!.textContent).toContain('not money taken');
    const byKind = screen.getByRole('table', { name: 'By kind of sale' });
    const prepaid = within(byKind).getByRole('rowheader', { name: /Prepaid cards sold/ });
    expect(prepaid.textContent).toContain('(cash)');
    expect(prepaid.closest('tr')!.textContent).toContain('10,000 IQD');
    expect(byKind.textContent).not.toContain('prepaid_sale');
  });

  it('in Arabic: the same figures in the cafe’s words, no raw kind', async () => {
    await shown('ar');
    expect(screen.getByTestId('report-taken').parentElement!.textContent).toContain('بطاقات مسبقة الدفع');
    const byKind = screen.getByRole('table', { name: 'حسب نوع البيع' });
    expect(within(byKind).getByRole('rowheader', { name: /البطاقات مسبقة الدفع المباعة/ })).toBeTruthy();
    expect(byKind.textContent).not.toContain('prepaid_sale');
  });

  it('a single day reads by the hour: 24 bars, each hour’s play and takings in its tooltip (issue 23)', async () => {
    await shown('en');
    const chart = screen.getByRole('figure', { name: 'Play by hour' });
    const bars = chart.querySelectorAll('.bar');
    expect([...bars].map((b) => b.querySelector('.bar__label')?.textContent)).toEqual([...Array(24).keys()].map((h) => String(h).padStart(2, '0')));
    const six = chart.querySelector('[data-bar="h18"]') as HTMLElement;
    expect(six.title).toBe('18:00–19:00: Plain rate 2,500 · Rate periods 0 · 0 min on packages · money taken 15,000 IQD (prepaid cards sold 0 IQD)');
    expect((six.querySelector('.bar__plain') as HTMLElement).style.blockSize).toBe('100%');
    expect((chart.querySelector('[data-bar="h3"]') as HTMLElement).querySelector<HTMLElement>('.bar__plain')!.style.blockSize).toBe('0%');
  });

  it('a longer period reads by the day; in Arabic the hour chart has its own caption', async () => {
    const week: SalesReport = {
      ...REPORT,
      from: '2026-11-21',
      days: Array.from({ length: 7 }, (_, i) => ({ date: `2026-11-${21 + i}`, plain: 1000 * i, periods: 0, packageMinutes: 0, counter: 0, prepaid: 0 })),
      hours: [],
    };
    await shown('en', week);
    const chart = screen.getByRole('figure', { name: 'Play by day' });
    expect([...chart.querySelectorAll('.bar__label')].map((l) => l.textContent)).toEqual(['21/11', '22/11', '23/11', '24/11', '25/11', '26/11', '27/11']);
    expect(screen.queryByTestId('chart-empty')).toBeNull();
    cleanup();
    // A period with no play at a rate says so instead of showing an empty frame.
    await shown('en', { ...week, days: week.days.map((d) => ({ ...d, plain: 0 })) });
    expect(screen.getByTestId('chart-empty').textContent).toBe('No play billed at a rate in this period yet.');
    cleanup();
    await shown('ar');
    expect(screen.getByRole('figure', { name: 'اللعب حسب الساعة' }).querySelectorAll('.bar')).toHaveLength(24);
  });

  it('the period’s dates read and are typed as the console prints dates (27/11/2026, never the browser’s 11/27/2026), and reach the report as days', async () => {
    const { requests } = await open('en');
    const from = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    const to = screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['27/11/2026', '27/11/2026']);
    fireEvent.change(from, { target: { value: '01/11/2026' } });
    await act(async () => (from.form as HTMLFormElement).requestSubmit());
    const asked = requests.filter((r) => r.url.includes('/admin/reports/sales')).at(-1);
    expect(asked?.url).toContain('from=2026-11-01');
    expect(asked?.url).toContain('to=2026-11-27');
  });

  it('a start after the end is refused at the field, in the console’s words, and nothing is asked', async () => {
    const { requests } = await open('en');
    const before = requests.length;
    const from = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    fireEvent.change(from, { target: { value: '28/11/2026' } });
    await act(async () => (from.form as HTMLFormElement).requestSubmit());
    expect(screen.getByRole('alert').textContent).toBe('Choose 27/11/2026 or earlier.');
    expect(requests.length).toBe(before);
  });

  it('in Arabic the dates are the console’s Arabic dates', async () => {
    await open('ar');
    const from = screen.getByRole('textbox', { name: 'من' }) as HTMLInputElement;
    expect(from.value).toBe(formatDate(new Date(2026, 10, 27), 'ar'));
  });
});
