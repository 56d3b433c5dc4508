/**
 * Free time means the same at the desk and the kiosk (issue 23): kept as money, shown as the hours and minutes
 * it buys at the standard rate (the cheapest group's, the kiosk's rule away from a station), the money beside it;
 * "at the standard rate" said once, only when the groups charge differently. Both languages, plurals right.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src/shared/api/console.js';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { CustomersScreen } from '../../../src/console/customers/CustomersScreen.js';
import { CustomersService } from '../../../src/console/customers/customersService.js';
import { testCore } from '../support/fakes.js';

afterEach(cleanup);

const customer = (over: Partial<Customer> = {}): Customer => ({
  id: 'usr_1', username: 'ali', displayName: null, email: null, phoneNumber: null, type: 'regular', balance: 8000, freeBalance: 2000, xp: 0, level: 1,
  createdAt: '2026-11-01T10:00:00Z', lastLoginAt: null, requirePasswordReset: false, requireBalanceTopUp: false, disabled: null, ...over,
});

const group = (hourlyRate: number, n: number) => ({ id: `grp_${n}`, name: `G${n}`, hourlyRate, stationCount: 2, createdAt: '2026-11-01T10:00:00Z' });

async function shown({ language = 'en', rates = [2000, 1500], isOwner = false, groups = true, cards = 1, sessions = 1 }: { language?: Language; rates?: number[]; isOwner?: boolean; groups?: boolean; cards?: number; sessions?: number } = {}) {
  const t = testCore();
  if (groups) t.server.on('GET /admin/station-groups', rates.map(group));
  t.server.on('GET /admin/customers', [customer()]);
  t.server.on('GET /admin/customers/ali', {
    customer: customer(),
    ledger: [{ id: 3, amount: 2000, reason: 'birthday', kind: 'free_time', paymentMethod: null, orderId: null, staff: 'owner', createdAt: '2026-11-27T10:00:00Z' }],
    sessions,
    cards,
  });
  const customers = new CustomersService(t.core.http);
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['customers', customers]])}>
        <CustomersScreen isOwner={isOwner} />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  await act(async () => {
    await customers.search('ali');
    await customers.open('ali');
  });
  return { ...t, customers };
}

describe('free time at the desk, as the kiosk shows it', () => {
  it('in time at the cheapest group’s rate, the money beside it, "at the standard rate" once when rates differ', async () => {
    await shown();
    // 2,000 IQD at 1,500 IQD/hour: 80 minutes.
    expect(screen.getByTestId('free-time').textContent).toBe('1 h 20 min');
    expect(screen.getByTestId('free-money').textContent).toBe('(2,000 IQD) · at the standard rate, 1,500 IQD/hour');
    // The list says it too, once, under the balance.
    expect(screen.getByTestId('list-free').textContent).toBe('1 h 20 min free');
    expect(screen.getAllByText(/standard rate/)).toHaveLength(1);
    // Plurals: one card, one session.
    expect(screen.getByText('1 session · 1 card')).toBeTruthy();
    // The ledger's free-time line says the time it buys too.
    expect(screen.getByTestId('ledger-line').textContent).toContain('Free time · 1 h 20 min');
    // The account's kind in words, not the raw type.
    expect(screen.getByText('Member')).toBeTruthy();
  });

  it('in Arabic: hours and minutes in its words, the money in dinars, the dual for two cards', async () => {
    await shown({ language: 'ar', cards: 2, sessions: 1 });
    expect(screen.getByTestId('free-time').textContent).toBe('1 س 20 د');
    expect(screen.getByTestId('free-money').textContent).toBe('(2,000 د.ع) · بالسعر المعتاد، 1,500 د.ع/ساعة');
    expect(screen.getByTestId('list-free').textContent).toBe('1 س 20 د مجاناً');
    expect(screen.getByText('جلسة واحدة · بطاقتان')).toBeTruthy();
    // No Latin word left in the Arabic figures: level and experience points, the account's kind.
    expect(screen.getByText('المستوى 1 · 0 نقطة خبرة')).toBeTruthy();
    expect(screen.getByText('عضو')).toBeTruthy();
  });

  it('one rate for every group: no "standard rate" to explain', async () => {
    await shown({ rates: [1500, 1500, 0] });
    expect(screen.getByTestId('free-time').textContent).toBe('1 h 20 min');
    expect(screen.getByTestId('free-money').textContent).toBe('(2,000 IQD)');
  });

  it('no rate to count at (the groups unreadable): the money alone, never a made-up time', async () => {
    await shown({ groups: false });
    expect(screen.getByTestId('free-time').textContent).toBe('2,000 IQD');
    expect(screen.queryByTestId('free-money')).toBeNull();
    expect(screen.getByTestId('list-free').textContent).toBe('2,000 IQD free');
  });

  it('giving free time: the amount typed reads as time, and the confirmation names the time, the money and the customer', async () => {
    const { server } = await shown({ isOwner: true });
    const form = screen.getByRole('form', { name: 'Give free time (IQD)' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Free time (IQD)' }), { target: { value: '3000' } });
    expect(screen.getByTestId('free-buys').textContent).toBe('That is 2 h of play');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Why the free time' }), { target: { value: 'birthday' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Give free time (IQD)' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('money-confirm').textContent).toBe(
      'Give ali 2 h of free time (3,000 IQD). Reason: birthday. Counted at the standard rate, 1,500 IQD/hour.',
    );
    server.on('POST /admin/customers/ali/free-time', { freeBalance: 5000, ledgerId: 9 });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Give 2 h free' })));
    expect(server.requests.filter((r) => r.url.endsWith('/free-time')).map((r) => r.body)).toEqual([{ amount: 3000, reason: 'birthday' }]);
  });
});

describe('the customer screen in the cafe’s words (issue 23)', () => {
  it('a ledger note in the language’s own quotes; the form to disable asks for the reason, not "why is it disabled?"', async () => {
    const withNote = async (language: Language) => {
      const t = await shown({ language });
      t.server.on('GET /admin/customers/ali', {
        customer: customer(),
        ledger: [{ id: 4, amount: 5000, reason: 'top-up (cash): birthday', kind: 'top_up', paymentMethod: 'cash', orderId: null, staff: 'desk', createdAt: '2026-11-27T10:00:00Z' }],
        sessions: 1,
        cards: 0,
      });
      await act(async () => {
        await t.customers.open('ali');
      });
    };
    await withNote('en');
    expect(screen.getByTestId('ledger-line').textContent).toContain('— “birthday”');
    expect(screen.getByLabelText('Reason to disable')).toBeTruthy();
    expect(screen.queryByText(/Why is it disabled/)).toBeNull();
    cleanup();
    await withNote('ar');
    const line = screen.getByTestId('ledger-line').textContent ?? '';
    expect(line).toContain('«birthday»');
    expect(line).not.toMatch(/[“”]/);
    expect(screen.getByLabelText('سبب التعطيل')).toBeTruthy();
    expect(screen.getByText('عضو')).toBeTruthy();
  });
});

describe('the customer list (issue 23)', () => {
  it('an account without a phone number shows a dash in the Phone column, not an empty cell', async () => {
    await shown();
    const row = document.querySelector<HTMLElement>('tr[data-customer="ali"]')!;
    expect(within(row).getAllByRole('cell')[1]?.textContent).toBe('—');
  });
});
