/** Staff accounts: an action reads the list again and says what it did; a refusal says why and changes nothing. */
import { describe, expect, it } from 'vitest';
import { StaffService } from '../../../src/console/staff/staffService.js';
import { testCore } from '../support/fakes.js';

const account = (disabled: boolean) => ({ id: 'stf_2', username: 'night', displayName: null, role: 'staff', totpEnabled: false, disabled, lastLoginAt: null });

describe('StaffService', () => {
  it('disables with the reason, reads the list again and says so', async () => {
    const { core, server } = testCore();
    let off = false;
    server.on('GET /admin/staff', () => [account(off)]);
    server.on('POST /admin/staff/night/disable', () => ((off = true), account(true)));
    const staff = new StaffService(core.http);
    expect(await staff.disable('night', 'left')).toBe(true);
    expect(server.requests[0]?.body).toEqual({ reason: 'left' });
    expect(staff.store.getState().notice).toEqual({ key: 'disabled', username: 'night' });
    expect(staff.store.getState().accounts[0]?.disabled).toBe(true);
  });

  it('a refused password reset says why and leaves no notice', async () => {
    const { core, server } = testCore();
    server.on('POST /admin/staff/night/password', { statusCode: 400, error: 'Bad Request', message: 'A password has at least 8 characters.' }, 400);
    const staff = new StaffService(core.http);
    expect(await staff.resetPassword('night', 'short')).toBe(false);
    expect(staff.store.getState()).toMatchObject({ error: 'A password has at least 8 characters.', notice: null });
  });
});
