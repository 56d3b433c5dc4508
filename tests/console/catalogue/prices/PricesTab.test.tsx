/**
 * The Prices form on the shared controls (issues 23 and 26): its choices are
 * labelled selects (the shared SelectField), days and groups are tick boxes
 * under their legend (the shared CheckboxGroup), and a problem shows at its
 * field — in both languages, right to left in Arabic.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { PricesTab } from '../../../../src/console/catalogue/prices/PricesTab.js';
import { PricesService } from '../../../../src/console/catalogue/prices/pricesService.js';
import { FeaturesContext } from '../../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../../src/console/i18n/index.js';
import { emptyPriceList, type PriceList } from '../../../../src/shared/pricing/types.js';
import { testCore } from '../../support/fakes.js';

afterEach(cleanup);

const groups = [
  { id: 'grp_1', name: 'VIP', hourlyRate: 3000 },
  { id: 'grp_2', name: 'Standard', hourlyRate: 1500 },
];
const list: PriceList = {
  ...emptyPriceList(),
  periods: [{ id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4], dates: [], start: 14 * 60, end: 17 * 60, hourlyRate: null, percentOff: 50 }],
  tierPrices: [{ tierId: 'gold', percentOff: 10 }],
};

async function shown(language: Language = 'en') {
  const t = testCore();
  t.server.on('GET /admin/pricing', { priceList: list, groups, tiers: [{ id: 'gold', name: 'Gold' }, { id: 'silver', name: 'Silver' }], updatedAt: null, updatedBy: null });
  const prices = new PricesService(t.core.http);
  await prices.load();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['catalogue', { prices }]])}>
        <PricesTab />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  return t;
}

describe('the Prices form on the shared controls', () => {
  it('a period’s price and a member price’s tier are labelled selects', async () => {
    await shown();
    const happy = screen.getByRole('group', { name: 'Happy hour' });
    const kind = within(happy).getByRole('combobox', { name: 'Price in the period' }) as HTMLSelectElement;
    expect(kind.className).toContain('field__input');
    expect(kind.value).toBe('percent');
    fireEvent.change(kind, { target: { value: 'rate' } });
    expect(within(happy).getByRole('textbox', { name: /Hourly rate/ })).toBeTruthy();
    const gold = screen.getByRole('group', { name: 'Gold' });
    const tier = within(gold).getByRole('combobox', { name: 'Tier' }) as HTMLSelectElement;
    expect(Array.from(tier.options).map((o) => o.textContent)).toEqual(['—', 'Gold', 'Silver']);
    fireEvent.change(tier, { target: { value: 'silver' } });
    expect((screen.getByRole('group', { name: 'Silver' }).querySelector('select') as HTMLSelectElement).value).toBe('silver');
  });

  it('weekdays and groups are tick boxes under their legend; every group hides the list', async () => {
    await shown();
    const happy = screen.getByRole('group', { name: 'Happy hour' });
    const days = within(happy).getByRole('group', { name: 'Days' });
    expect(within(days).getAllByRole('checkbox')).toHaveLength(7);
    expect((within(days).getByRole('checkbox', { name: 'Sat' }) as HTMLInputElement).checked).toBe(false);
    const every = within(happy).getByRole('checkbox', { name: 'Every group' });
    expect(within(happy).queryByRole('checkbox', { name: 'VIP' })).toBeNull();
    fireEvent.click(every);
    expect((within(happy).getByRole('checkbox', { name: 'VIP' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a problem shows at its field and nothing is sent: no day ticked, then no group', async () => {
    const { server } = await shown();
    const happy = screen.getByRole('group', { name: 'Happy hour' });
    const days = within(happy).getByRole('group', { name: 'Days' });
    const save = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
      });
    };
    for (const box of within(days).getAllByRole('checkbox') as HTMLInputElement[]) if (box.checked) fireEvent.click(box);
    await save();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(within(days).getByRole('alert').textContent).toBe('Tick days or give dates: otherwise it never applies.');
    fireEvent.click(within(days).getByRole('checkbox', { name: 'Fri' }));
    fireEvent.click(within(happy).getByRole('checkbox', { name: 'Every group' }));
    for (const name of ['VIP', 'Standard']) fireEvent.click(within(happy).getByRole('checkbox', { name }));
    await save();
    const stationGroups = within(happy).getByRole('group', { name: 'Station groups' });
    expect(stationGroups.getAttribute('aria-invalid')).toBe('true');
    expect(within(stationGroups).getByRole('alert').textContent).not.toBe('');
    expect(days.hasAttribute('aria-invalid')).toBe(false);
    expect(server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('reads in Arabic, right to left, with the same controls', async () => {
    await shown('ar');
    expect(document.documentElement.dir).toBe('rtl');
    const happy = screen.getByRole('group', { name: 'Happy hour' });
    expect(within(happy).getAllByRole('combobox')).toHaveLength(1);
    expect(within(happy).getAllByRole('checkbox').length).toBeGreaterThanOrEqual(8);
  });
});
