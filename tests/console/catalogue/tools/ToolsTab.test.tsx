/**
 * Setup → Plays and tools read by an owner (issue 23): both tables have their column headers, a play's station
 * is named as the room names it (never its raw id), its length is in hours and minutes, and the messages sent
 * to customers say their channel in words — in English and Arabic.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolsService } from '../../../../src/console/catalogue/tools/toolsService.js';
import { FeaturesContext } from '../../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../../src/console/i18n/index.js';
import { RoomService } from '../../../../src/console/room/roomService.js';
import { ToolsTab } from '../../../../src/console/catalogue/tools/ToolsTab.js';
import { testCore } from '../../support/fakes.js';
import { station } from '../../support/room.js';

afterEach(cleanup);

const play = (over: object) => ({
  id: 'pl_1',
  jsonId: 'cs2',
  gameName: 'Counter-Strike 2',
  userId: 'usr_1',
  username: 'ali',
  sessionId: 'ses_1',
  stationId: 'st-03',
  stationNumber: 3,
  startTime: '2026-11-27T09:00:00Z',
  endTime: '2026-11-27T10:30:00Z',
  durationMinutes: 90,
  ...over,
});

async function shown(language: Language = 'en') {
  const t = testCore();
  t.server.on('GET /admin/console/room', [station({ id: 'st-07', number: 7, name: 'PC-07' })]);
  t.server.on('GET /admin/console/receipts', []);
  t.server.on('GET /admin/holds', []);
  t.server.on('GET /admin/plays', [
    play({}),
    // The server did not give its number: the room knows the station.
    play({ id: 'pl_2', stationId: 'st-07', stationNumber: null, endTime: null, durationMinutes: null, username: null }),
    // Neither knows it: a dash, not an id.
    play({ id: 'pl_3', stationId: 'st-gone', stationNumber: null, durationMinutes: 45 }),
  ]);
  t.server.on('GET /admin/outbox', [
    { id: 1, channel: 'sms', recipient: '+9647701234567', subject: 'Your code', body: 'Your Spawnpoint code is 123456', createdAt: '2026-11-27T09:00:00Z' },
  ]);
  const room = new RoomService(t.core.http, t.socket);
  await room.start();
  const tools = new ToolsService(t.core.http, () => true);
  await tools.load();
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map<string, unknown>([['room', room], ['catalogue', { tools }]])}>
        <ToolsTab isOwner />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  return { room };
}

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((td) => td.textContent));

describe('Plays and tools', () => {
  it('plays and messages in tables with their headers, in the cafe’s words', async () => {
    const { room } = await shown();
    const plays = screen.getByTestId('plays');
    expect(headers(plays)).toEqual(['Game', 'Customer', 'Station', 'Started', 'Played for']);
    const rows = cells(plays);
    expect(rows.map((r) => r[2])).toEqual(['PC 3', 'PC 7', '—']);
    expect(rows.map((r) => r[4])).toEqual(['1 h 30 min', 'playing now', '45 min']);
    expect(screen.queryByText(/st-gone/)).toBeNull();

    expect(screen.getByRole('heading', { name: 'Messages sent' })).toBeTruthy();
    const outbox = screen.getByTestId('outbox');
    expect(headers(outbox)).toEqual(['Sent', 'To', 'Message']);
    expect(cells(outbox)[0]?.[1]).toBe('+9647701234567Text message');
    expect(outbox.textContent).not.toMatch(/sms|→/);
    room.stop();
  });

  it('reads in Arabic, right to left', async () => {
    const { room } = await shown('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(headers(screen.getByTestId('plays'))).toEqual(['اللعبة', 'الزبون', 'الجهاز', 'البداية', 'مدة اللعب']);
    expect(cells(screen.getByTestId('plays'))[0]?.[4]).toBe('1 س 30 د');
    expect(screen.getByRole('heading', { name: 'الرسائل المرسلة' })).toBeTruthy();
    expect(cells(screen.getByTestId('outbox'))[0]?.[1]).toContain('رسالة نصية');
    room.stop();
  });
});
