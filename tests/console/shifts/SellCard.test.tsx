/**
 * "Sell a prepaid card" on the Shifts screen (issue 23): the desk types or scans the card's code, the confirmation
 * states the card and its value and the payment method before any money moves, the sale is sent for the value
 * confirmed, the receipt line follows and the shift's report is read again; a card that cannot be sold is said in
 * the console's language. English and Arabic.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShiftReport } from '../../../src/shared/api/console.js';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { ShiftsScreen } from '../../../src/console/shifts/ShiftsScreen.js';
import { ShiftsService } from '../../../src/console/shifts/shiftsService.js';
import { testCore, type FakeServer } from '../support/fakes.js';

afterEach(cleanup);

const CODE = 'RC-ABCD-EFGH-WXYZ';
const shift = { id: 'sft_1', openedBy: 'desk', openedAt: '2026-11-27T08:00:00Z', openingFloat: 20_000, closedBy: null, closedAt: null, countedCash: null, note: null };
const report = (prepaidCash: number): ShiftReport => ({
  shift,
  sessions: 0,
  orders: { count: 0, total: 0 },
  topUps: { cash: 0, card: 0, count: 0 },
  refunds: { total: 0, count: 0 },
  prepaid: { cash: prepaidCash, card: 0, count: prepaidCash > 0 ? 1 : 0 },
  expectedCash: 20_000 + prepaidCash,
  countedCash: null,
  difference: null,
  movements: prepaidCash > 0 ? [{ kind: 'prepaid_sale', method: 'cash', total: prepaidCash, count: 1 }] : [],
});

async function shown(language: Language, server?: (s: FakeServer) => void) {
  const t = testCore();
  let sold = 0;
  t.server.on('GET /admin/shifts/current', { shift });
  t.server.on('GET /admin/shifts', [shift]);
  t.server.on('GET /admin/shifts/sft_1/report', () => report(sold));
  t.server.on('POST /admin/prepaid-cards/look-up', { hint: 'RC-…-WXYZ', amount: 5000, state: 'sellable' });
  t.server.on('POST /admin/prepaid-cards/sell', (body) => {
    const { method, amount } = body as { method: 'cash' | 'card'; amount: number };
    if (method === 'cash') sold += amount;
    return { card: { hint: 'RC-…-WXYZ', amount }, sold: { count: 1, amount, method }, soldAt: '2026-11-27T09:00:00Z' };
  });
  server?.(t.server);
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
  return t.server;
}

const form = (name: string) => screen.getByRole('article', { name });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function enter(card: HTMLElement, codeLabel: string, code: string, method?: string) {
  fireEvent.change(within(card).getByLabelText(codeLabel), { target: { value: code } });
  if (method) fireEvent.change(within(card).getByRole('combobox'), { target: { value: method } });
  await act(async () => void fireEvent.submit(within(card).getByLabelText(codeLabel).closest('form')!));
  await settle();
}

describe('a prepaid card sold at the desk', () => {
  it('typed in lower case, paid by card: confirmed with the card, its value and the method, sold for that value, the receipt after and the field empty', async () => {
    const server = await shown('en');
    const card = form('Sell a prepaid card');
    await enter(card, 'Card code', 'rc-abcd-efgh-wxyz', 'card');
    expect(server.requests.find((r) => r.url.endsWith('/look-up'))?.body).toEqual({ code: CODE });
    // Nothing is sold before the confirmation.
    expect(server.requests.some((r) => r.url.endsWith('/sell'))).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Sell this prepaid card?' });
    expect(within(dialog).getByTestId('sell-card-summary').textContent).toBe('Sell card RC-…-WXYZ for 5,000 IQD, paid by card?');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Sell for 5,000 IQD' })));
    await settle();
    expect(server.requests.find((r) => r.url.endsWith('/sell'))?.body).toEqual({ code: CODE, method: 'card', amount: 5000 });
    expect(within(card).getByRole('status').textContent).toBe('Card RC-…-WXYZ sold for 5,000 IQD by card.');
    expect((within(card).getByLabelText('Card code') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('for cash: the shift report is read again and shows the sale in words, never the raw kind', async () => {
    const server = await shown('en');
    const reads = () => server.requests.filter((r) => r.url.endsWith('/report')).length;
    const before = reads();
    await enter(form('Sell a prepaid card'), 'Card code', CODE);
    expect(screen.getByTestId('sell-card-summary').textContent).toBe('Sell card RC-…-WXYZ for 5,000 IQD, cash?');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sell for 5,000 IQD' })));
    await settle();
    expect(reads()).toBeGreaterThan(before);
    const shown_ = screen.getByRole('article', { name: 'Shift report' });
    expect(within(shown_).getByRole('rowheader', { name: 'Prepaid cards sold in cash' }).closest('tr')!.textContent).toContain('5,000 IQD');
    expect(within(shown_).getByRole('rowheader', { name: 'Prepaid cards sold' }).closest('tr')!.textContent).toContain('1 card');
    expect(within(shown_).getByRole('cell', { name: 'Prepaid cards sold' })).toBeTruthy();
    expect(shown_.textContent).not.toContain('prepaid_sale');
  });

  it('a card that cannot be sold is said in words, and nothing is sold; cancelling sells nothing', async () => {
    const server = await shown('en', (s) => s.on('POST /admin/prepaid-cards/look-up', { hint: 'RC-…-WXYZ', amount: 5000, state: 'redeemed' }));
    const card = form('Sell a prepaid card');
    await enter(card, 'Card code', CODE);
    expect(within(card).getByRole('alert').textContent).toBe('Card RC-…-WXYZ was already redeemed: it cannot be sold.');
    expect(screen.queryByRole('dialog')).toBeNull();

    server.on('POST /admin/prepaid-cards/look-up', { statusCode: 404, message: 'No prepaid card has this code: check the code on the card and try again.', code: 'prepaidCard.unknown' }, 404);
    await enter(card, 'Card code', 'RC-AAAA-BBBB-CCCC');
    expect(within(card).getByRole('alert').textContent).toBe('No prepaid card has this code: check the code on the card and try again.');

    // Sold by another desk between the look-up and the confirmation: the server's refusal, in words.
    server.on('POST /admin/prepaid-cards/look-up', { hint: 'RC-…-WXYZ', amount: 5000, state: 'sellable' });
    server.on('POST /admin/prepaid-cards/sell', { statusCode: 409, message: 'x', code: 'prepaidCard.sold', hint: 'RC-…-WXYZ' }, 409);
    await enter(card, 'Card code', CODE);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(server.requests.some((r) => r.url.endsWith('/sell'))).toBe(false);
    await enter(card, 'Card code', CODE);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sell for 5,000 IQD' })));
    await settle();
    expect(within(card).getByRole('alert').textContent).toBe('Card RC-…-WXYZ was already sold: it cannot be sold again.');
    // The code stays in the field to check it again.
    expect((within(card).getByLabelText('Card code') as HTMLInputElement).value).toBe(CODE);
  });

  it('in Arabic: the form, the confirmation, the receipt and a refusal in Arabic; the code field stays left to right', async () => {
    const server = await shown('ar');
    const card = form('بيع بطاقة مسبقة الدفع');
    const field = within(card).getByLabelText('رمز البطاقة') as HTMLInputElement;
    expect(field.dir).toBe('ltr');
    await enter(card, 'رمز البطاقة', CODE);
    const dialog = screen.getByRole('dialog', { name: 'بيع هذه البطاقة مسبقة الدفع؟' });
    expect(within(dialog).getByTestId('sell-card-summary').textContent).toBe('بيع البطاقة RC-…-WXYZ بمبلغ 5,000 د.ع نقدًا؟');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'بيع بمبلغ 5,000 د.ع' })));
    await settle();
    expect(within(card).getByRole('status').textContent).toBe('بيعت البطاقة RC-…-WXYZ بمبلغ 5,000 د.ع نقدًا.');
    server.on('POST /admin/prepaid-cards/look-up', { hint: 'RC-…-WXYZ', amount: 5000, state: 'void' });
    await enter(card, 'رمز البطاقة', CODE);
    expect(within(card).getByRole('alert').textContent).toBe('البطاقة RC-…-WXYZ ملغاة: لا يمكن بيعها.');
    expect(screen.getByRole('article', { name: 'تقرير الوردية' }).textContent).toContain('بيع بطاقات مسبقة الدفع');
  });
});
