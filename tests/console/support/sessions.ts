/** A console session as the server answers it. */
import type { ConsoleSession } from '../../../src/shared/api/console.js';

export const consoleSession = (over: { role?: 'owner' | 'staff'; mustEnrolTotp?: boolean; username?: string } = {}): ConsoleSession => ({
  user: { id: 'stf_1', username: over.username ?? 'desk', displayName: null, role: over.role ?? 'staff', totpEnabled: over.role === 'owner' },
  csrfToken: 'csrf-1',
  mustEnrolTotp: over.mustEnrolTotp ?? false,
  expiresAt: '2026-11-27T12:00:00.000Z',
});
