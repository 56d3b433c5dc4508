/**
 * An event reward's end (issue 23): the console's own date-and-time field, read and typed as the console
 * prints dates (27/11/2026, 14:05) in both languages; what is typed is sent as that moment of the desk's
 * clock; an impossible date is refused at the field and nothing is sent.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LoyaltyTab } from '../../../../src/console/catalogue/loyalty/LoyaltyTab.js';
import { LoyaltyService } from '../../../../src/console/catalogue/loyalty/loyaltyService.js';
import { FeaturesContext } from '../../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../../src/console/i18n/index.js';
import { testCore } from '../../support/fakes.js';

afterEach(cleanup);

const created = { id: 'rw_1', kind: 'event', name: 'Cup night', description: '', requiredXp: 100, benefit: null, startsAt: null, endsAt: null, active: true };

async function shown(language: Language = 'en') {
  const t = testCore();
  t.server.on('GET /admin/tiers', []);
  t.server.on('GET /admin/rewards', []);
  t.server.on('GET /admin/reward-claims', []);
  t.server.on('POST /admin/rewards', created);
  const loyalty = new LoyaltyService(t.core.http);
  await loyalty.load();
  const i18n = await createConsoleI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FeaturesContext.Provider value={new Map([['catalogue', { loyalty }]])}>
          <LoyaltyTab />
        </FeaturesContext.Provider>
      </I18nextProvider>,
    );
  });
  return t;
}

const sent = (requests: { method: string; url: string; body: unknown }[]) => requests.filter((r) => r.method === 'POST' && r.url === '/admin/rewards').map((r) => r.body);

async function eventReward(names: { kind: string; name: string; xp: string }) {
  fireEvent.change(screen.getByRole('combobox', { name: names.kind }), { target: { value: 'event' } });
  fireEvent.change(screen.getByRole('textbox', { name: names.name }), { target: { value: 'Cup night' } });
  fireEvent.change(screen.getByRole('textbox', { name: names.xp }), { target: { value: '100' } });
}

describe('an event reward’s end', () => {
  it('is typed as the console writes a date and time, and sent as that moment of the desk’s clock', async () => {
    const { server } = await shown();
    await eventReward({ kind: 'Kind', name: 'Reward name', xp: 'XP needed' });
    const ends = screen.getByRole('textbox', { name: 'Ends at' }) as HTMLInputElement;
    expect(ends.getAttribute('placeholder')).toBe('dd/mm/yyyy, hh:mm');
    fireEvent.change(ends, { target: { value: '05/12/2026, 23:30' } });
    await act(async () => (ends.form as HTMLFormElement).requestSubmit());
    expect(sent(server.requests)).toEqual([
      { kind: 'event', name: 'Cup night', description: '', requiredXp: 100, benefit: null, endsAt: new Date(2026, 11, 5, 23, 30).toISOString() },
    ]);
  });

  it('a day that does not exist is refused at the field and nothing is sent', async () => {
    const { server } = await shown();
    await eventReward({ kind: 'Kind', name: 'Reward name', xp: 'XP needed' });
    const ends = screen.getByRole('textbox', { name: 'Ends at' }) as HTMLInputElement;
    fireEvent.change(ends, { target: { value: '31/11/2026, 23:30' } });
    await act(async () => (ends.form as HTMLFormElement).requestSubmit());
    expect(screen.getByRole('alert').textContent).toBe('There is no 31/11/2026: November 2026 has 30 days.');
    expect(sent(server.requests)).toEqual([]);
  });

  it('in Arabic: the placeholder and the error in Arabic, Arabic digits read', async () => {
    const { server } = await shown('ar');
    await eventReward({ kind: 'النوع', name: 'اسم المكافأة', xp: 'الخبرة المطلوبة' });
    const ends = screen.getByRole('textbox', { name: 'تنتهي في' }) as HTMLInputElement;
    expect(ends.getAttribute('placeholder')).toBe('يوم/شهر/سنة، ساعة:دقيقة');
    fireEvent.change(ends, { target: { value: '٠٥/١٢/٢٠٢٦، ٢٣:٣٠' } });
    await act(async () => (ends.form as HTMLFormElement).requestSubmit());
    expect(sent(server.requests).map((b) => (b as { endsAt: string }).endsAt)).toEqual([new Date(2026, 11, 5, 23, 30).toISOString()]);
  });
});
