/**
 * Saved announcements as a list a person reads (issue 23): the title in bold, the message below, when it was added
 * and whether the stations show it, then the actions; no "Title"/"Message" labels repeated on every row. Editing
 * opens the fields in place. Both languages.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturesContext } from '../../../../src/console/core/feature.js';
import { DisplayTab } from '../../../../src/console/catalogue/display/DisplayTab.js';
import { DisplayService } from '../../../../src/console/catalogue/display/displayService.js';
import { createConsoleI18n, type Language } from '../../../../src/console/i18n/index.js';
import { testCore } from '../../support/fakes.js';

afterEach(cleanup);

const SAVED = [
  { id: 'ann_2', title: 'Valorant cup', message: 'Friday at 8 pm: sign up at the desk.', active: true, createdAt: '2026-11-27T11:05:00Z' },
  { id: 'ann_1', title: 'Closed Sunday', message: 'We open again on Monday at noon.', active: false, createdAt: '2026-11-20T09:00:00Z' },
  { id: 'ann_0', title: 'Welcome', message: 'Ask the desk for the WiFi.', active: true, createdAt: '2026-11-01T09:00:00Z' },
];

async function shown(language: Language = 'en') {
  const t = testCore();
  t.server.on('GET /admin/announcements', SAVED);
  t.server.on('GET /admin/wifi', { wifi: null });
  const display = new DisplayService(t.core.http);
  await display.load();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['catalogue', { display }]])}>
        <DisplayTab />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  const list = document.querySelector<HTMLElement>('ul.announcements')!;
  return { ...t, display, list };
}

describe('saved announcements', () => {
  it('read as a list: the title bold, the message under it, the date and whether it is shown; no field labels', async () => {
    const { list } = await shown();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual(['Valorant cup', 'Closed Sunday', 'Welcome']);
    expect(rows[0]!.querySelector('p')?.textContent).toBe('Friday at 8 pm: sign up at the desk.');
    expect(rows[0]!.textContent).toMatch(/Added 27\/11\/2026, \d{2}:05 · shown at the stations/);
    expect(rows[1]!.textContent).toContain('not shown');
    // On, but the stations show only the newest one that is on: it does not claim to be shown.
    expect(rows[2]!.textContent).toContain('on, but a newer one is shown');
    expect(rows[2]!.textContent).not.toContain('shown at the stations');
    // Nothing in the list is a text box, and the labels "Title" and "Message" are not repeated on each row.
    expect(within(list).queryAllByRole('textbox')).toEqual([]);
    expect(within(list).queryByText('Title')).toBeNull();
    expect(within(list).queryByText('Message')).toBeNull();
    expect(within(rows[0]!).getByRole('checkbox', { name: 'On' })).toBeTruthy();
  });

  it('Edit opens the fields in place; Save sends the change and closes them; Cancel puts the text back', async () => {
    const { list, server } = await shown();
    const row = within(list).getAllByRole('listitem')[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit “Valorant cup”' }));
    const form = within(row).getByRole('form', { name: 'Editing “Valorant cup”' });
    const title = within(form).getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.value).toBe('Valorant cup');
    expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(title, { target: { value: 'Valorant cup, round 2' } });
    server.on('PATCH /admin/announcements/ann_2', { ...SAVED[0], title: 'Valorant cup, round 2' });
    await act(async () => void fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ title: 'Valorant cup, round 2', message: 'Friday at 8 pm: sign up at the desk.' }]);
    expect(within(list).queryAllByRole('textbox')).toEqual([]);
    expect(within(list).getAllByRole('listitem')[0]!.querySelector('strong')?.textContent).toBe('Valorant cup, round 2');

    const other = within(list).getAllByRole('listitem')[1]!;
    fireEvent.click(within(other).getByRole('button', { name: 'Edit “Closed Sunday”' }));
    fireEvent.change(within(other).getByRole('textbox', { name: 'Message' }), { target: { value: 'typo' } });
    fireEvent.click(within(other).getByRole('button', { name: 'Cancel' }));
    expect(other.querySelector('p')?.textContent).toBe('We open again on Monday at noon.');
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('in Arabic: the same list, its words right to left', async () => {
    const { list } = await shown('ar');
    expect(document.documentElement.dir).toBe('rtl');
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('أُضيف');
    expect(rows[0]!.textContent).toContain('يظهر على الأجهزة');
    expect(rows[1]!.textContent).toContain('لا يظهر');
    expect(rows[2]!.textContent).toContain('مفعَّل، لكن يظهر إعلان أحدث');
    expect(within(rows[0]!).getByRole('button', { name: 'تعديل «Valorant cup»' })).toBeTruthy();
    expect(within(list).queryByText('العنوان')).toBeNull();
    expect(within(list).queryAllByRole('textbox')).toEqual([]);
    expect(screen.getByRole('form', { name: 'إضافة إعلان' })).toBeTruthy();
  });
});
