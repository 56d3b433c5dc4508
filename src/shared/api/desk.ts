/**
 * The front desk's gaps (issue 15, branch desk; reference server, not in the
 * SPEC): disabling a customer or staff account, the owner resetting a staff
 * member's password or second factor, and taking a reward claim or a flagged
 * centre account ("on my way") before resolving it — each by a named staff
 * member, like service calls.
 */
import { z } from 'zod';
import { adminGameAccountSchema } from './admin-games.js';
import { adminClaimSchema } from './admin-profile.js';
import { orderSchema } from './admin-store.js';
import { customerSchema, staffAccountSchema } from './console.js';
import { en } from '../i18n/en.js';
import { id, username } from './fields.js';
import { route } from './route.js';

/** What a disabled account is told at a station's login (and on any call with an old token); the kiosk words it in its language. */
export const ACCOUNT_DISABLED = en['error.login.disabled'];

const reason = z.string().trim().min(1).max(300);

export const customerDisable = route({
  method: 'POST',
  path: '/admin/customers/:username/disable',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ reason }),
  response: customerSchema,
});

export const customerEnable = route({
  method: 'POST',
  path: '/admin/customers/:username/enable',
  auth: 'admin',
  params: z.object({ username }),
  response: customerSchema,
});

export const staffDisable = route({
  method: 'POST',
  path: '/admin/staff/:username/disable',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ reason }),
  response: staffAccountSchema,
});

export const staffEnable = route({
  method: 'POST',
  path: '/admin/staff/:username/enable',
  auth: 'admin',
  params: z.object({ username }),
  response: staffAccountSchema,
});

/** A new password the owner hands over; every session and token of the account ends. */
export const staffResetPassword = route({
  method: 'POST',
  path: '/admin/staff/:username/password',
  auth: 'admin',
  params: z.object({ username }),
  body: z.object({ password: z.string().min(8).max(256) }),
  response: staffAccountSchema,
});

/** Removes the account's authenticator (lost phone): an owner must enrol a new one at the next sign-in. */
export const staffResetTotp = route({
  method: 'POST',
  path: '/admin/staff/:username/totp/reset',
  auth: 'admin',
  params: z.object({ username }),
  response: staffAccountSchema,
});

export const claimAcknowledge = route({
  method: 'POST',
  path: '/admin/reward-claims/:id/acknowledge',
  auth: 'admin',
  params: z.object({ id }),
  response: adminClaimSchema,
});

export const flagAcknowledge = route({
  method: 'POST',
  path: '/admin/game-accounts/:id/flag/acknowledge',
  auth: 'admin',
  params: z.object({ id }),
  response: adminGameAccountSchema,
});


/** "On my way" for an order waiting for approval (issue 23): taken by a named staff member; the loser is told who has it (409). */
export const orderAcknowledge = route({
  method: 'POST',
  path: '/admin/orders/:id/acknowledge',
  auth: 'admin',
  params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  response: orderSchema,
});
