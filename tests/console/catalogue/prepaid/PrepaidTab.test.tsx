/** Selling a batch at the counter (issue 23): asked first with the amount and the cards, in both languages. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturesContext } from '../../../../src/console/core/feature.js';
import { PrepaidTab } from '../../../../src/console/catalogue/prepaid/PrepaidTab.js';
import { PrepaidService } from '../../../../src/console/catalogue/prepaid/prepaidService.js';
import { createConsoleI18n, type Language } from '../../../../src/console/i18n/index.js';
import { testCore } from '../../support/fakes.js';

afterEach(cleanup);

const batch = { id: 'pb_9', label: 'Gift cards', amount: 5000, cardCount: 4, redeemedCount: 1, voidedCount: 0, soldCount: 0, sellableCount: 3, createdBy: 'owner', createdAt: '2026-11-27T09:00:00Z' };

async function shown(language: Language = 'en') {
  const t = testCore();
  t.server.on('GET /admin/prepaid-batches', [batch]);
  const prepaid = new PrepaidService(t.core.http, t.core.files);
  await prepaid.load();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['catalogue', { prepaid }]])}>
        <PrepaidTab />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  return { ...t, prepaid, row: document.querySelector<HTMLElement>('[data-batch="pb_9"]')! };
}

describe('selling a prepaid batch', () => {
  it('states the amount and the cards before selling, sells by the chosen method, then says what was sold', async () => {
    const { row, server } = await shown();
    expect(row.textContent).toContain('0 sold');
    fireEvent.click(within(row).getByRole('button', { name: 'Sell' }));
    expect(screen.getByTestId('sell-summary').textContent).toBe(
      'Take 15,000 IQD at the counter for the 3 cards of “Gift cards” not sold, redeemed or void yet. The money goes into the open shift.',
    );
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText('Paid now'), { target: { value: 'card' } });
    server.on('POST /admin/prepaid-batches/pb_9/sell', { batch: { ...batch, soldCount: 3, sellableCount: 0 }, sold: { count: 3, amount: 15000, method: 'card' } });
    server.on('GET /admin/prepaid-batches', [{ ...batch, soldCount: 3, sellableCount: 0 }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sell: 15,000 IQD paid' }));
    });
    expect(server.requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/admin/prepaid-batches/pb_9/sell', body: { method: 'card' } });
    expect(screen.getByText('Sold 3 cards: 15,000 IQD.')).toBeTruthy();
    const sold = document.querySelector<HTMLElement>('[data-batch="pb_9"]')!;
    expect(within(sold).getByRole('button', { name: 'Sell' }).hasAttribute('disabled')).toBe(true);
  });

  it('reads in Arabic, right to left', async () => {
    const { row } = await shown('ar');
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.click(within(row).getByRole('button', { name: 'بيع' }));
    expect(screen.getByTestId('sell-summary').textContent).toContain('15,000');
  });
});

describe('a batch’s sheet after the desk sold some of its cards (issue 23)', () => {
  const cards = [
    { id: 'a'.repeat(64), hint: 'RC-…-AAAA', amount: 5000, redeemedBy: null, redeemedAt: null, voidedAt: null, soldAt: '2026-11-27T10:00:00Z', soldBy: 'desk' },
    { id: 'b'.repeat(64), hint: 'RC-…-BBBB', amount: 5000, redeemedBy: 'ali', redeemedAt: '2026-11-27T11:00:00Z', voidedAt: null, soldAt: '2026-11-27T10:05:00Z', soldBy: 'desk' },
    { id: 'c'.repeat(64), hint: 'RC-…-CCCC', amount: 5000, redeemedBy: null, redeemedAt: null, voidedAt: null, soldAt: null, soldBy: null },
  ];
  const open = async (language: Language) => {
    const t = await shown(language);
    t.server.on('GET /admin/prepaid-batches/pb_9/cards', cards);
    await act(async () => void (await t.prepaid.show(batch)));
    const cell = (hint: string) => document.querySelector<HTMLElement>(`[data-code="${hint}"]`)!;
    return { ...t, cell };
  };

  it('names who sold a card still to be redeemed; a redeemed one reads redeemed; an unsold one has no stamp', async () => {
    const { cell } = await open('en');
    expect(cell('RC-…-AAAA').querySelector('.stamp')?.textContent).toBe('sold by desk');
    expect(cell('RC-…-BBBB').querySelector('.stamp')?.textContent).toBe('redeemed');
    expect(cell('RC-…-CCCC').querySelector('.stamp')).toBeNull();
  });

  it('in Arabic', async () => {
    const { cell } = await open('ar');
    expect(cell('RC-…-AAAA').querySelector('.stamp')?.textContent).toBe('باعها desk');
    expect(cell('RC-…-BBBB').querySelector('.stamp')?.textContent).toBe('مستخدمة');
  });
});

describe('the batches table (issue 23)', () => {
  it('has its column headers and counts the cards in words: "4 cards", never "1 cards"', async () => {
    const { row } = await shown();
    const table = row.closest('table')!;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Batch', 'Card value', 'Cards', 'Actions']);
    expect(row.textContent).toContain('4 cards · 1 redeemed · 0 void');
    cleanup();
    const ar = await shown('ar');
    expect(ar.row.textContent).toContain('4 بطاقات · 1 مستخدمة · 0 ملغاة');
  });
});

describe('one card is one card (issue 23: never "1 cards")', () => {
  it('selling the last card of a batch says "the 1 card", then "Sold 1 card"', async () => {
    const t = testCore();
    const last = { ...batch, cardCount: 1, redeemedCount: 0, sellableCount: 1 };
    t.server.on('GET /admin/prepaid-batches', [last]);
    const prepaid = new PrepaidService(t.core.http, t.core.files);
    await prepaid.load();
    render(
      <I18nextProvider i18n={await createConsoleI18n('en')}>
        <FeaturesContext.Provider value={new Map([['catalogue', { prepaid }]])}>
          <PrepaidTab />
        </FeaturesContext.Provider>
      </I18nextProvider>,
    );
    const row = document.querySelector<HTMLElement>('[data-batch="pb_9"]')!;
    expect(row.textContent).toContain('1 card · 0 redeemed · 0 void');
    fireEvent.click(within(row).getByRole('button', { name: 'Sell' }));
    expect(screen.getByTestId('sell-summary').textContent).toContain('for the 1 card of “Gift cards”');
    t.server.on('POST /admin/prepaid-batches/pb_9/sell', { batch: { ...last, soldCount: 1, sellableCount: 0 }, sold: { count: 1, amount: 5000, method: 'cash' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sell: 5,000 IQD paid' }));
    });
    expect(screen.getByText('Sold 1 card: 5,000 IQD.')).toBeTruthy();
  });
});
