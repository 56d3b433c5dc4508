/** Staff (owner): a one-time set-up code for another owner's authenticator, shown once; the next action clears it. */
import { describe, expect, it } from 'vitest';
import { StaffService } from '../../../src/console/staff/staffService.js';
import { testCore } from '../support/fakes.js';

describe('one-time set-up code', () => {
  it('asks the server for the owner’s code and shows it until the next action', async () => {
    const { core, server } = testCore();
    const staff = new StaffService(core.http);
    server.on('GET /admin/staff', []);
    server.on('POST /admin/staff/boss2/totp/setup-code', { code: 'ABCDE-FGHJK', expiresAt: '2026-11-28T09:00:00.000Z' });
    expect(await staff.issueSetupCode('boss2')).toBe(true);
    expect(staff.store.getState().setupCode).toEqual({ username: 'boss2', code: 'ABCDE-FGHJK', expiresAt: '2026-11-28T09:00:00.000Z' });
    server.on('POST /admin/staff/boss2/enable', { id: 'u', username: 'boss2', displayName: null, role: 'owner', totpEnabled: false, lastLoginAt: null, disabled: false });
    await staff.enable('boss2');
    expect(staff.store.getState().setupCode).toBeNull();
  });
});
