/** The station groups Setup's tabs read (accounts bind to one, offers show play time per rate): read from the server, a refusal in its words. */
import { describe, expect, it } from 'vitest';
import { GroupsService } from '../../../../src/console/catalogue/groups/groupsService.js';
import { testCore } from '../../support/fakes.js';

const group = (over: Record<string, unknown> = {}) => ({ id: 'grp_1', name: 'Standard', hourlyRate: 1500, stationCount: 4, createdAt: 'x', ...over });

describe('GroupsService', () => {
  it('reads the groups with their rates', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/station-groups', [group(), group({ id: 'grp_2', name: 'VIP', hourlyRate: 3000 })]);
    const groups = new GroupsService(core.http);
    expect(await groups.load()).toBe(true);
    expect(groups.store.getState().groups.map((g) => `${g.name}:${g.hourlyRate}`)).toEqual(['Standard:1500', 'VIP:3000']);
  });

  it('a refusal is said in the server’s words and keeps nothing', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/station-groups', { statusCode: 403, error: 'Forbidden', message: 'Owners only.' }, 403);
    const groups = new GroupsService(core.http);
    expect(await groups.load()).toBe(false);
    expect(groups.store.getState()).toMatchObject({ groups: [], error: 'Owners only.' });
  });
});
