/**
 * The station groups beside the stations (issue 23: the old Setup "Stations and rates" table's groups moved
 * here): everyone reads each group's rate and station count; the owner adds a group with its first rate and
 * renames one through the owner's routes, in both languages; staff are offered neither.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { FeaturesContext } from '../../../src/console/core/feature.js';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { GroupsCard } from '../../../src/console/stations/GroupsCard.js';
import { StationsService } from '../../../src/console/stations/stationsService.js';
import { testCore } from '../support/fakes.js';

afterEach(cleanup);

const group = (over: Record<string, unknown> = {}) => ({ id: 'grp_1', name: 'Standard', hourlyRate: 1500, stationCount: 4, createdAt: 'x', ...over });

describe('station groups in the Stations service', () => {
  it('adds a group with its rate, then reads the groups again and says which was added', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/station-groups', (body) => group({ id: 'grp_2', stationCount: 0, ...(body as Record<string, unknown>) }));
    server.on('GET /admin/station-groups', [group(), group({ id: 'grp_2', name: 'Racing', hourlyRate: 2500, stationCount: 0 })]);
    const stations = new StationsService(core.http);
    expect(await stations.addGroup('Racing', 2500)).toBe(true);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Racing', hourlyRate: 2500 });
    expect(stations.store.getState().groups.map((g) => g.name)).toEqual(['Standard', 'Racing']);
    expect(stations.store.getState().done).toEqual({ kind: 'groupAdded', station: 'Racing' });
  });

  it('renames a group sending only its name, keeping the others; a refusal in the server’s words changes nothing', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/station-alerts', []);
    server.on('GET /admin/station-groups', [group(), group({ id: 'grp_2', name: 'VIP', hourlyRate: 3000 })]);
    server.on('PATCH /admin/station-groups/grp_1', (body) => group(body as Record<string, unknown>));
    const stations = new StationsService(core.http);
    await stations.load();
    expect(await stations.renameGroup('grp_1', 'Standard plus')).toBe(true);
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Standard plus' });
    expect(stations.store.getState().groups.map((g) => `${g.name}:${g.hourlyRate}`)).toEqual(['Standard plus:1500', 'VIP:3000']);
    server.on('PATCH /admin/station-groups/grp_2', { statusCode: 409, error: 'Conflict', message: 'A group with that name exists.' }, 409);
    expect(await stations.renameGroup('grp_2', 'Standard plus')).toBe(false);
    expect(stations.store.getState().error).toBe('A group with that name exists.');
    expect(stations.store.getState().groups.map((g) => g.name)).toEqual(['Standard plus', 'VIP']);
  });
});

async function shown(isOwner: boolean, language: Language = 'en') {
  const t = testCore();
  const stations = new StationsService(t.core.http);
  stations.store.setState({ groups: [group(), group({ id: 'grp_2', name: 'VIP', hourlyRate: 3000, stationCount: 1 })] });
  const i18n = await createConsoleI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <FeaturesContext.Provider value={new Map([['stations', stations]])}>
        <GroupsCard isOwner={isOwner} />
      </FeaturesContext.Provider>
    </I18nextProvider>,
  );
  return { ...t, stations, card: screen.getByTestId('station-groups') };
}

describe('GroupsCard', () => {
  it('staff read each group’s rate and stations, and are offered no change', async () => {
    const { card } = await shown(false);
    expect(card.querySelector('[data-group="grp_1"]')?.textContent).toBe('Standard · 1,500 IQD/hour · Stations: 4');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(card.textContent).toContain('Only an owner adds groups or changes rates.');
  });

  it('the owner adds a group: nothing until the name and a whole rate are given, then the owner’s route', async () => {
    const { card, server } = await shown(true);
    fireEvent.click(within(card).getByRole('button', { name: 'Add group' }));
    const dialog = screen.getByRole('dialog', { name: 'New station group' });
    const add = within(dialog).getByRole('button', { name: 'Add group' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Group name' }), { target: { value: 'Racing' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hourly rate (IQD)' }), { target: { value: '25x' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hourly rate (IQD)' }), { target: { value: '2500' } });
    server.on('POST /admin/station-groups', group({ id: 'grp_3', name: 'Racing', hourlyRate: 2500, stationCount: 0 }));
    server.on('GET /admin/station-groups', [group(), group({ id: 'grp_3', name: 'Racing', hourlyRate: 2500, stationCount: 0 })]);
    await act(async () => {
      fireEvent.click(add);
    });
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Racing', hourlyRate: 2500 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(card.querySelector('[data-group="grp_3"]')?.textContent).toContain('2,500 IQD/hour');
  });

  it('the owner renames a group in Arabic, right to left; the same name is not sent', async () => {
    const { card, server } = await shown(true, 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    fireEvent.click(within(card).getByRole('button', { name: 'إعادة تسمية VIP' }));
    const dialog = screen.getByRole('dialog', { name: 'إعادة تسمية المجموعة VIP' });
    const save = within(dialog).getAllByRole('button').find((b) => b.textContent === 'حفظ') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'اسم المجموعة' }), { target: { value: 'كبار الزوار' } });
    server.on('PATCH /admin/station-groups/grp_2', group({ id: 'grp_2', name: 'كبار الزوار', hourlyRate: 3000, stationCount: 1 }));
    await act(async () => {
      fireEvent.click(save);
    });
    expect(server.requests.find((r) => r.method === 'PATCH')).toMatchObject({ url: '/admin/station-groups/grp_2', body: { name: 'كبار الزوار' } });
    expect(card.querySelector('[data-group="grp_2"]')?.textContent).toContain('كبار الزوار');
  });
});
