/**
 * The hold form (issue 23): its from and to are the console's own date-and-time fields, read and typed as
 * the console prints dates (27/11/2026, 18:00) in both languages; what is typed reaches the hold as the
 * desk's local time; an end before the start, or a day that does not exist, is refused at the field.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { HoldForm } from '../../../src/console/room/Holds.js';
import { RoomService } from '../../../src/console/room/roomService.js';
import { formatDateTime } from '../../../src/shared/format.js';
import { testCore } from '../support/fakes.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function shown(language: Language = 'en') {
  // The desk's clock: 27 November 2026, 18:00 (the form starts from now to two hours later).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 27, 18, 0));
  const t = testCore();
  t.server.on('GET /admin/holds', []);
  t.server.on('POST /admin/holds', []);
  const room = new RoomService(t.core.http, t.socket);
  const onDone = vi.fn();
  const i18n = await createConsoleI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <FeaturesContext.Provider value={new Map([['room', room]])}>
          <HoldForm selected={['st-03']} onDone={onDone} />
        </FeaturesContext.Provider>
      </I18nextProvider>,
    );
  });
  return { ...t, onDone };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const submit = () => act(async () => (field('For (event or note)').form as HTMLFormElement).requestSubmit());
const sentHolds = (requests: { method: string; url: string; body: unknown }[]) => requests.filter((r) => r.method === 'POST' && r.url === '/admin/holds').map((r) => r.body);

describe('the hold form’s dates', () => {
  it('start now and end in two hours, written as the console writes dates', async () => {
    await shown();
    expect(field('From').value).toBe('27/11/2026, 18:00');
    expect(field('To').value).toBe('27/11/2026, 20:00');
  });

  it('what is typed is the hold’s time, in the desk’s time zone', async () => {
    const { server, onDone } = await shown();
    fireEvent.change(field('For (event or note)'), { target: { value: 'Valorant cup' } });
    fireEvent.change(field('To'), { target: { value: '28/11/2026, 01:30' } });
    await submit();
    expect(sentHolds(server.requests)).toEqual([
      { stationIds: ['st-03'], label: 'Valorant cup', startsAt: new Date(2026, 10, 27, 18, 0).toISOString(), endsAt: new Date(2026, 10, 28, 1, 30).toISOString() },
    ]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('an end before the start, or a day that does not exist, is refused at the field and nothing is held', async () => {
    const { server } = await shown();
    fireEvent.change(field('For (event or note)'), { target: { value: 'Valorant cup' } });
    fireEvent.change(field('To'), { target: { value: '27/11/2026, 17:00' } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Choose 27/11/2026, 18:00 or later.');
    fireEvent.change(field('To'), { target: { value: '31/11/2026, 20:00' } });
    expect(screen.getByRole('alert').textContent).toBe('There is no 31/11/2026: November 2026 has 30 days.');
    expect(sentHolds(server.requests)).toEqual([]);
  });

  it('in Arabic the dates are the console’s Arabic dates', async () => {
    await shown('ar');
    expect(field('من').value).toBe(formatDateTime(new Date(2026, 10, 27, 18, 0), 'ar'));
    expect(field('إلى').value).toBe(formatDateTime(new Date(2026, 10, 27, 20, 0), 'ar'));
  });
});
