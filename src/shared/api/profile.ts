/** SPEC §7 Profile, sessions, rewards, cards (also prepaid cards, offers and service calls). */
import { z } from 'zod';
import { route } from './route.js';
import {
  currentSessionSchema,
  nfcCardSchema,
  offerSchema,
  progressSchema,
  SERVICE_CALL_TYPES,
  tierSchema,
  userSchema,
} from '../entities.js';
import { id, notShown, ok, password, username } from './fields.js';
import { anyId, listOf, orElse, orNull } from './tolerant.js';

export const getProfile = route({
  method: 'GET',
  path: '/profile',
  gates: ['password', 'top_up'],
  auth: 'user',
  /** SPEC §7: "response includes level". */
  response: userSchema.extend({ level: z.number().int() }),
});

export const updateProfile = route({
  method: 'PUT',
  path: '/profile',
  gates: ['password'],
  auth: 'user',
  body: z.union([
    z.object({ currentPassword: password, newPassword: z.string().min(6).max(256) }),
    z
      .object({
        username: username.optional(),
        email: z.string().max(254).nullable().optional(),
        phoneNumber: z.string().max(32).nullable().optional(),
        displayName: z.string().max(64).nullable().optional(),
      })
      .strict(),
  ]),
  response: userSchema,
});

/**
 * How the station reads PUT /profile's answer: the SPEC shows none, so the
 * user when a server sends one, else null for any 2xx (the station then
 * reloads GET /profile). Our server's answer stays the strict `userSchema`.
 */
export const updatedProfileAnswer = z.union([userSchema, z.unknown().transform(() => null)]);

export const currentClientSession = route({
  method: 'GET',
  path: '/client-sessions/current/:userId',
  gates: ['password', 'top_up'],
  endedSession: true,
  auth: 'user',
  params: z.object({ userId: id }),
  response: currentSessionSchema,
});

export const rewardsProgress = route({
  method: 'GET',
  path: '/rewards/user/progress',
  auth: 'user',
  response: progressSchema,
});

export const claimReward = route({
  method: 'POST',
  path: '/rewards/claim',
  auth: 'user',
  body: z.object({ rewardId: id }),
  response: ok,
});

export const claimEventReward = route({
  method: 'POST',
  path: '/rewards/events/claim',
  auth: 'user',
  body: z.object({ eventRewardId: id }),
  response: ok,
});

export const rewardTiers = route({
  method: 'GET',
  path: '/rewards/tiers',
  auth: 'user',
  response: listOf(tierSchema, 'tier'),
});

const redeemResult = z.object({
  success: orElse(z.boolean(), true),
  message: orElse(z.string(), ''),
  balanceAdded: orElse(z.number(), 0),
});

export const redeemPrepaid = route({
  method: 'POST',
  path: '/prepaid-cards/redeem',
  gates: ['top_up'],
  auth: 'user',
  body: z.object({ code: z.string().trim().min(1).max(32) }),
  response: redeemResult,
});

export const redeemPrepaidWithUsername = route({
  method: 'POST',
  path: '/prepaid-cards/redeem-with-username',
  auth: 'none',
  body: z.object({ code: z.string().trim().min(1).max(32), username }),
  response: redeemResult,
});

export const linkNfcCard = route({
  method: 'POST',
  path: '/nfc-cards/link',
  auth: 'user',
  body: z.object({ cardUid: z.string().min(1).max(64), nickname: z.string().max(64).optional() }),
  response: nfcCardSchema,
});

export const unlinkNfcCard = route({
  method: 'DELETE',
  path: '/nfc-cards/:id',
  auth: 'user',
  params: z.object({ id }),
  response: ok,
});

export const listNfcCards = route({
  method: 'GET',
  path: '/profile/nfc-cards',
  auth: 'user',
  response: listOf(nfcCardSchema, 'NFC card'),
});

export const verifyNfcCard = route({
  method: 'POST',
  path: '/nfc-cards/verify',
  auth: 'user',
  body: z.object({ cardUid: z.string().min(1).max(64) }),
  response: z.object({ valid: z.boolean(), userId: orNull(anyId) }),
});

export const renameNfcCard = route({
  method: 'PATCH',
  path: '/nfc-cards/:id',
  auth: 'user',
  params: z.object({ id }),
  body: z.object({ nickname: z.string().max(64) }),
  response: nfcCardSchema,
});

export const customerOffers = route({
  method: 'GET',
  path: '/offers/customer',
  gates: ['top_up'],
  auth: 'user',
  response: z.object({ success: orElse(z.boolean(), true), data: listOf(offerSchema, 'offer') }),
});

export const placeOrder = route({
  method: 'POST',
  path: '/offers/orders',
  gates: ['top_up'],
  auth: 'user',
  body: z.object({ offerId: id }),
  /** SPEC §7 does not show the answer: a 200 is success unless it says otherwise. */
  response: notShown,
});

/**
 * The customer's own order as the kiosk shows it (issue 23; our server only, not in the SPEC): waiting for staff,
 * or decided. Sent on GET /offers/orders/mine and, when staff decide it, as the `orderUpdated` socket event.
 */
export const customerOrderSchema = z.object({
  id: z.number().int(),
  offerName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** What the customer pays at the counter (IQD). */
  price: z.number(),
  /** What approval adds to the balance (IQD). */
  credit: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** The signed-in customer's orders: the pending ones and those decided in the last day, newest first (our server only). */
export const myOrders = route({
  method: 'GET',
  path: '/offers/orders/mine',
  gates: ['top_up'],
  auth: 'user',
  response: z.object({ success: orElse(z.boolean(), true), data: z.array(customerOrderSchema) }),
});

const serviceCallBody = z.object({
  type: z.enum(SERVICE_CALL_TYPES),
  stationId: id,
  message: z.string().max(500),
});

export const serviceCallClient = route({
  method: 'POST',
  path: '/service-calls/client',
  auth: 'user',
  body: serviceCallBody,
  /** SPEC §7 does not show the answer: a 200 is success unless it says otherwise. */
  response: notShown,
});

export const serviceCallGuest = route({
  method: 'POST',
  path: '/service-calls/guest',
  auth: 'user',
  body: serviceCallBody,
  /** SPEC §7 does not show the answer: a 200 is success unless it says otherwise. */
  response: notShown,
});
