/** Setup → Money limits (issue 23, the wallet's limits of issue 21): read, saved, a refusal in the server's words. */
import { describe, expect, it } from 'vitest';
import { LimitsService } from '../../../../src/console/catalogue/limits/limitsService.js';
import { testCore } from '../../support/fakes.js';

describe('LimitsService', () => {
  it('reads the limits and saves both', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/wallet/limits', { actionMax: 100000, shiftMax: 2000000 });
    server.on('PUT /admin/wallet/limits', (body) => body);
    const limits = new LimitsService(core.http);
    await limits.load();
    expect(limits.store.getState().limits).toEqual({ actionMax: 100000, shiftMax: 2000000 });
    expect(await limits.save({ actionMax: 50000, shiftMax: 1000000 })).toBe(true);
    expect(server.requests.at(-1)).toMatchObject({ method: 'PUT', url: '/admin/wallet/limits', body: { actionMax: 50000, shiftMax: 1000000 } });
    expect(limits.store.getState()).toMatchObject({ limits: { actionMax: 50000, shiftMax: 1000000 }, notice: 'saved', error: null });
  });

  it('staff are refused with the server’s words and the limits stay', async () => {
    const { core, server } = testCore();
    server.on('GET /admin/wallet/limits', { actionMax: 100000, shiftMax: 2000000 });
    server.on('PUT /admin/wallet/limits', { statusCode: 403, error: 'Forbidden', message: 'Only the owner may do this.' }, 403);
    const limits = new LimitsService(core.http);
    await limits.load();
    expect(await limits.save({ actionMax: 1, shiftMax: 1 })).toBe(false);
    expect(limits.store.getState()).toMatchObject({ limits: { actionMax: 100000, shiftMax: 2000000 }, error: 'Only the owner may do this.', notice: null });
  });
});
