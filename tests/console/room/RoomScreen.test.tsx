/**
 * The room's contextual toolbar on the shared controls (issue 23): only the actions for what is selected,
 * fields empty after use, its keys (U, E, M, L, A, Esc), and the tile's select box named for screen readers.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { formatHourMinute } from '../../../src/shared/format.js';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { RoomScreen } from '../../../src/console/room/RoomScreen.js';
import { RoomService } from '../../../src/console/room/roomService.js';
import { testCore } from '../support/fakes.js';
import { station } from '../support/room.js';
import type { RoomStation } from '../../../src/shared/api/console.js';

afterEach(cleanup);

const busy = { sessionId: 'ses_9', username: 'ali', isGuest: false, startTime: '2026-11-27T00:00:00Z', remainingMinutes: 20 };

async function shown(language: Language = 'en', more: RoomStation[] = []) {
  const t = testCore();
  t.server.on('GET /admin/console/room', [
    ...more,
    station({ id: 'st-01', number: 1, name: 'PC-01' }),
    station({ id: 'st-02', number: 2, name: 'PC-02', currentSession: busy, status: 'in_use' }),
    // Switched off, and one that lost its connection with a session on it.
    station({ id: 'st-03', number: 3, name: 'PC-03', online: false, status: 'offline' }),
    station({ id: 'st-05', number: 5, name: 'PC-05', online: false, currentSession: { ...busy, sessionId: 'ses_5', username: 'sara' }, status: 'in_use' }),
  ]);
  t.server.on('GET /admin/console/receipts', []);
  t.server.on('GET /admin/holds', []);
  const room = new RoomService(t.core.http, t.socket);
  await room.start();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['room', room]])}>
        <RoomScreen />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  const toolbar = screen.getByRole('toolbar');
  return { ...t, room, toolbar };
}

const key = (k: string) => act(() => void fireEvent.keyDown(document.body, { key: k }));
const settle = () => act(async () => undefined);

describe('the room’s toolbar', () => {
  it('offers nothing but Select all until a PC is picked; then only what applies to it', async () => {
    const { toolbar, room } = await shown();
    expect(within(toolbar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Select all']);
    expect(within(toolbar).queryByRole('textbox')).toBeNull();

    // A free PC: unlock a guest, no session to end.
    fireEvent.click(screen.getByRole('checkbox', { name: 'PC-01 (1)' }));
    expect(room.store.getState().selected).toEqual(['st-01']);
    expect(within(toolbar).getByRole('button', { name: 'Unlock guest' })).toBeTruthy();
    expect(within(toolbar).getByRole('textbox', { name: 'Minutes (empty: open)' })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'End session' })).toBeNull();
    expect(within(toolbar).getByRole('combobox', { name: 'Set status' })).toBeTruthy();

    // A busy PC instead: its session can be ended; no guest to unlock.
    act(() => room.selectOnly('st-02'));
    expect(within(toolbar).getByRole('button', { name: 'End session' })).toBeTruthy();
    expect(within(toolbar).queryByRole('button', { name: 'Unlock guest' })).toBeNull();
    room.stop();
  });

  it('unlocks with the minutes typed, then empties the field so the next unlock starts clean', async () => {
    const { toolbar, room, server } = await shown();
    act(() => room.selectOnly('st-01'));
    server.on('POST /admin/stations/st-01/unlock-guest', { success: true, commandId: 'c1', commandStatus: 'delivered' });
    const minutes = within(toolbar).getByRole('textbox', { name: 'Minutes (empty: open)' }) as HTMLInputElement;
    fireEvent.change(minutes, { target: { value: '3o0' } });
    expect(minutes.value).toBe('30');
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Unlock guest' }));
    await settle();
    expect(server.requests.filter((r) => r.url.endsWith('/unlock-guest')).map((r) => r.body)).toEqual([{ minutes: 30 }]);
    expect(minutes.value).toBe('');

    // U again: an open session (no minutes), not the last one's 30.
    key('u');
    await settle();
    expect(server.requests.filter((r) => r.url.endsWith('/unlock-guest')).map((r) => r.body)).toEqual([{ minutes: 30 }, {}]);
    room.stop();
  });

  it('keys: M and L focus their fields, A selects all, Esc clears, E asks before ending a live session', async () => {
    const { toolbar, room } = await shown();
    key('a');
    expect(room.store.getState().selected).toEqual(['st-01', 'st-02', 'st-03', 'st-05']);
    key('l');
    expect(document.activeElement).toBe(within(toolbar).getByRole('textbox', { name: 'Lock message' }));
    // Typing in a field is typing, not a shortcut.
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'a' });
    act(() => (document.activeElement as HTMLElement).blur());
    key('escape');
    expect(room.store.getState().selected).toEqual([]);

    act(() => room.selectOnly('st-01'));
    key('m');
    expect(document.activeElement).toBe(within(toolbar).getByRole('textbox', { name: 'Minutes (empty: open)' }));
    act(() => (document.activeElement as HTMLElement).blur());

    act(() => room.selectOnly('st-02'));
    key('e');
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('PC 2 · ali')).toBeTruthy();
    room.stop();
  });

  it('a lock sends the status “locked” with staff’s message once confirmed; the preview is what the kiosk shows; the field is empty after', async () => {
    const { toolbar, room, server } = await shown();
    act(() => room.selectOnly('st-01'));
    server.on('POST /admin/stations/st-01/status', { success: true });
    const message = within(toolbar).getByRole('textbox', { name: 'Lock message' }) as HTMLInputElement;
    const lock = within(toolbar).getByRole('button', { name: 'Lock with message' }) as HTMLButtonElement;
    expect(lock.disabled).toBe(true);
    // Longer than a status may be (32): a message may be 200 characters.
    const words = 'Please come to the desk: your time is kept while we clean this PC';
    expect(message.maxLength).toBe(200);
    fireEvent.change(message, { target: { value: words } });
    fireEvent.click(lock);
    const dialog = screen.getByRole('dialog');
    // The kiosk's lines: the SPEC's title and line (the status is 'locked', not the words), then the message on its own.
    const preview = within(dialog).getByTestId('lock-preview');
    expect([...preview.children].map((e) => e.textContent)).toEqual([
      'Station 1 will show:',
      'Station Not Available',
      'Station 1 is currently locked',
      'This status was set by an administrator',
      words,
    ]);
    expect(preview.textContent).not.toMatch(/Station N\b/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go ahead' }));
    await settle();
    expect(server.requests.filter((r) => r.url.endsWith('/status')).map((r) => r.body)).toEqual([{ status: 'locked', message: words }]);
    expect(message.value).toBe('');
    room.stop();
  });

  it('the preview in Arabic: the kiosk’s Arabic lines, staff’s English words isolated on their own line', async () => {
    const { toolbar, room } = await shown('ar');
    act(() => room.selectOnly('st-01'));
    fireEvent.change(within(toolbar).getByRole('textbox', { name: 'رسالة القفل' }), { target: { value: 'closed for cleaning' } });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'قفل برسالة' }));
    const preview = within(screen.getByRole('dialog')).getByTestId('lock-preview');
    expect([...preview.children].slice(1).map((e) => e.textContent)).toEqual([
      'الجهاز غير متاح',
      'الجهاز 1 حالياً مقفل',
      'تم تعيين هذه الحالة من قبل المشرف',
      'closed for cleaning',
    ]);
    // Its own paragraph, direction from its own words: never inside the Arabic sentence.
    expect(within(preview).getByTestId('lock-preview-message').getAttribute('dir')).toBe('auto');
    room.stop();
  });

  it('counts the stations in words, never "station(s)": the preview and the hold, in English and Arabic', async () => {
    const { toolbar, room } = await shown();
    act(() => room.selectOnly('st-01'));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Hold…' }));
    expect(screen.getByRole('button', { name: 'Hold 1 station' })).toBeTruthy();
    act(() => room.toggle('st-02'));
    expect(screen.getByRole('button', { name: 'Hold 2 stations' })).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Restart' }));
    expect(within(screen.getByRole('dialog')).getByText('Restart on 2 stations.')).toBeTruthy();
    room.stop();
    cleanup();

    const ar = await shown('ar');
    act(() => ar.room.selectOnly('st-01'));
    act(() => ar.room.toggle('st-02'));
    fireEvent.click(within(ar.toolbar).getByRole('button', { name: 'حجز…' }));
    expect(screen.getByRole('button', { name: 'احجز جهازين' })).toBeTruthy();
    act(() => ar.room.toggle('st-03'));
    expect(screen.getByRole('button', { name: 'احجز 3 أجهزة' })).toBeTruthy();
    act(() => ar.room.selectOnly('st-01'));
    expect(screen.getByRole('button', { name: 'احجز جهاز واحد' })).toBeTruthy();
    ar.room.stop();
  });

  it('reads in Arabic, right to left, with the same controls', async () => {
    const { toolbar, room } = await shown('ar');
    expect(document.documentElement.dir).toBe('rtl');
    act(() => room.selectOnly('st-01'));
    expect(within(toolbar).getByRole('button', { name: 'فتح جلسة ضيف' })).toBeTruthy();
    expect(within(toolbar).getByRole('textbox', { name: 'رسالة القفل' })).toBeTruthy();
    room.stop();
  });

  it('a PC that is not connected is not offered what it must carry out: disabled, with the reason', async () => {
    const { toolbar, room, server } = await shown();
    const button = (name: string) => within(toolbar).getByRole('button', { name }) as HTMLButtonElement;
    act(() => room.selectOnly('st-03'));
    for (const name of ['Restart', 'Shut down', 'Task manager', 'Rename']) {
      expect(button(name).disabled).toBe(true);
      expect(button(name).title).toBe('PC 3 is not connected');
    }
    expect(within(toolbar).getByTestId('not-connected').textContent).toBe('PC 3 is not connected');
    // What the server keeps for it still works: a status, a hold, a lock message.
    expect(button('Set status').disabled).toBe(false);
    expect(button('Hold…').disabled).toBe(false);
    fireEvent.click(button('Restart'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);

    // A session whose PC lost its connection: it can be ended (the server's), not logged out (the PC's).
    act(() => room.selectOnly('st-05'));
    expect(button('End session').disabled).toBe(false);
    expect(button('Log user out').disabled).toBe(true);
    expect(button('Log user out').title).toBe('PC 5 is not connected');

    // A connected PC: nothing disabled, no reason shown.
    act(() => room.selectOnly('st-02'));
    for (const name of ['Restart', 'Shut down', 'Task manager', 'Log user out']) expect(button(name).disabled).toBe(false);
    expect(within(toolbar).queryByTestId('not-connected')).toBeNull();

    // Connected and not together: the command goes (the server refuses the unconnected one, its receipt says why), and the desk is told which.
    act(() => room.selectAll());
    expect(button('Restart').disabled).toBe(false);
    expect(within(toolbar).getByTestId('not-connected').textContent).toBe('PCs 3, 5 are not connected');
    room.stop();
  });

  it('the reason in Arabic', async () => {
    const { toolbar, room } = await shown('ar');
    act(() => room.selectOnly('st-03'));
    expect((within(toolbar).getByRole('button', { name: 'إعادة التشغيل' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(toolbar).getByTestId('not-connected').textContent).toBe('جهاز 3 غير متصل');
    act(() => room.selectAll());
    expect(within(toolbar).getByTestId('not-connected').textContent).toBe('الأجهزة 3، 5 غير متصلة');
    room.stop();
  });
});

describe('the room’s tiles', () => {
  const tile = (id: string) => document.querySelector(`.tile[data-station="${id}"]`) as HTMLElement;

  it('a locked PC reads “Locked” with staff’s message (whole in its title), in English and Arabic', async () => {
    const words = 'Please come to the desk';
    const locked = station({ id: 'st-07', number: 7, name: 'PC-07', status: 'locked', statusMessage: words });
    const bare = station({ id: 'st-08', number: 8, name: 'PC-08', status: 'locked', statusMessage: null });
    const { room } = await shown('en', [locked, bare]);
    expect(within(tile('st-07')).getByText('Locked')).toBeTruthy();
    expect(within(tile('st-07')).getByTestId('lock-message').textContent).toBe(`“${words}”`);
    expect(within(tile('st-07')).getByTestId('lock-message').title).toBe(words);
    // A lock without a message: no quoted words, never the raw status.
    expect(within(tile('st-08')).getByText('Locked')).toBeTruthy();
    expect(within(tile('st-08')).queryByTestId('lock-message')).toBeNull();
    room.stop();
    cleanup();
    const ar = await shown('ar', [locked]);
    expect(within(tile('st-07')).getByText('مقفل')).toBeTruthy();
    // Staff's words in their own direction (dir auto isolates them), so the Arabic tile keeps their order.
    expect(within(tile('st-07')).getByTestId('lock-message').textContent).toBe(`“${words}”`);
    expect(within(tile('st-07')).getByTestId('lock-message').getAttribute('dir')).toBe('auto');
    ar.room.stop();
  });

  it('a held PC says until when and for whom; a customer at the top-up gate says since when (both languages)', async () => {
    const until = '2026-11-27T20:30:00.000Z';
    const since = '2026-11-27T18:05:00.000Z';
    const held = station({ id: 'st-09', number: 9, name: 'PC-09', status: 'reserved', hold: { until, customer: 'sara', label: 'Birthday' } });
    const gate = station({
      id: 'st-10',
      number: 10,
      name: 'PC-10',
      status: 'in_use',
      currentSession: { ...busy, sessionId: 'ses_10', username: 'omar' },
      atGate: { gate: 'top_up', since, expiresAt: null },
    });
    const hm = (iso: string, lang: 'en' | 'ar') => formatHourMinute(iso, lang);
    const { room } = await shown('en', [held, gate]);
    expect(within(tile('st-09')).getByText('Reserved')).toBeTruthy();
    expect(within(tile('st-09')).getByTestId('held').textContent).toBe(`Held until ${hm(until, 'en')} for Birthday · sara`);
    expect(within(tile('st-10')).getByTestId('at-gate').textContent).toBe(`At the top-up gate since ${hm(since, 'en')}`);
    expect(within(tile('st-10')).getByText('omar')).toBeTruthy();
    room.stop();
    cleanup();
    const ar = await shown('ar', [held, gate]);
    const heldText = within(tile('st-09')).getByTestId('held').textContent ?? '';
    expect(heldText).toContain(hm(until, 'ar'));
    expect(heldText).toContain('Birthday · sara');
    expect(heldText).not.toContain('Held');
    expect(within(tile('st-10')).getByTestId('at-gate').textContent).toContain(hm(since, 'ar'));
    ar.room.stop();
  });
});
