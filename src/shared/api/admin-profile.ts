/**
 * The reference server's operator surface for the profile (issue 13; not in
 * the SPEC): tiers, rewards and event rewards, reward claims (deliver or
 * cancel), prepaid card batches. CLI: `npm run cafe -- tiers|rewards|claims|prepaid`.
 */
import { z } from 'zod';
import { id } from './fields.js';
import { route } from './route.js';

const isoTime = z.string();
const name = z.string().trim().min(1).max(64);
const multiplier = z.number().min(0).max(10);

export const adminTierSchema = z.object({
  id,
  name: z.string(),
  minLevel: z.number().int(),
  xpMultiplier: z.number(),
  rewardMultiplier: z.number(),
  canEarnRewards: z.boolean(),
  hasNfcAccess: z.boolean(),
  canReserveStations: z.boolean(),
  maxReservationHours: z.number().int(),
  description: z.string(),
});
export type AdminTier = z.infer<typeof adminTierSchema>;

const tierFields = z
  .object({
    name,
    minLevel: z.number().int().min(0).max(1000),
    xpMultiplier: multiplier,
    rewardMultiplier: multiplier.min(0.01),
    canEarnRewards: z.boolean(),
    hasNfcAccess: z.boolean(),
    canReserveStations: z.boolean(),
    maxReservationHours: z.number().int().min(0).max(24),
    description: z.string().max(300),
  })
  .strict();

export const adminTiers = route({ method: 'GET', path: '/admin/tiers', auth: 'admin', response: z.array(adminTierSchema) });

export const adminCreateTier = route({
  method: 'POST',
  path: '/admin/tiers',
  auth: 'admin',
  body: tierFields.partial({ description: true }),
  response: adminTierSchema,
});

export const adminUpdateTier = route({
  method: 'PATCH',
  path: '/admin/tiers/:id',
  auth: 'admin',
  params: z.object({ id }),
  body: tierFields.partial(),
  response: adminTierSchema,
});

export const adminDeleteTier = route({
  method: 'DELETE',
  path: '/admin/tiers/:id',
  auth: 'admin',
  params: z.object({ id }),
  response: z.object({ success: z.boolean(), message: z.string() }),
});

export const REWARD_KINDS = ['standard', 'event'] as const;

export const adminRewardSchema = z.object({
  id,
  kind: z.enum(REWARD_KINDS),
  name: z.string(),
  description: z.string(),
  requiredXp: z.number().int(),
  benefit: z.string().nullable(),
  startsAt: isoTime.nullable(),
  endsAt: isoTime.nullable(),
  active: z.boolean(),
});
export type AdminReward = z.infer<typeof adminRewardSchema>;

const rewardFields = z
  .object({
    kind: z.enum(REWARD_KINDS),
    name,
    description: z.string().max(300),
    requiredXp: z.number().int().min(0).max(10_000_000),
    benefit: z.string().max(200).nullable(),
    startsAt: z.iso.datetime().nullable(),
    endsAt: z.iso.datetime().nullable(),
    active: z.boolean(),
  })
  .strict();

export const adminRewards = route({ method: 'GET', path: '/admin/rewards', auth: 'admin', response: z.array(adminRewardSchema) });

export const adminCreateReward = route({
  method: 'POST',
  path: '/admin/rewards',
  auth: 'admin',
  body: rewardFields.partial({ description: true, benefit: true, startsAt: true, endsAt: true, active: true }),
  response: adminRewardSchema,
});

export const adminUpdateReward = route({
  method: 'PATCH',
  path: '/admin/rewards/:id',
  auth: 'admin',
  params: z.object({ id }),
  body: rewardFields.omit({ kind: true }).partial(),
  response: adminRewardSchema,
});

export const CLAIM_STATUSES = ['CLAIMED', 'DELIVERED', 'CANCELLED'] as const;

export const adminClaimSchema = z.object({
  id,
  userId: id,
  username: z.string(),
  rewardId: id,
  rewardDescription: z.string(),
  xpSpent: z.number().int(),
  status: z.enum(CLAIM_STATUSES),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  decidedBy: z.string().nullable(),
  /** Who took it at the counter (issue 15); decidedBy delivered or cancelled it. */
  acknowledgedAt: isoTime.nullable().default(null),
  acknowledgedBy: z.string().nullable().default(null),
});
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export const adminClaims = route({
  method: 'GET',
  path: '/admin/reward-claims',
  auth: 'admin',
  /** Default: the claims waiting (CLAIMED). Newest first. */
  query: z.object({ status: z.enum([...CLAIM_STATUSES, 'all']).optional() }),
  response: z.array(adminClaimSchema),
});

export const adminDeliverClaim = route({
  method: 'POST',
  path: '/admin/reward-claims/:id/deliver',
  auth: 'admin',
  params: z.object({ id }),
  response: adminClaimSchema,
});

export const adminCancelClaim = route({
  method: 'POST',
  path: '/admin/reward-claims/:id/cancel',
  auth: 'admin',
  params: z.object({ id }),
  response: adminClaimSchema,
});

export const PREPAID_SALE_METHODS = ['cash', 'card'] as const;

/** A sale of prepaid cards at the counter: how many cards, their value (IQD), how it was paid. */
export const prepaidSaleSchema = z.object({ count: z.number().int(), amount: z.number().int(), method: z.enum(PREPAID_SALE_METHODS) });
export type PrepaidSale = z.infer<typeof prepaidSaleSchema>;

export const prepaidBatchSchema = z.object({
  id,
  label: z.string(),
  amount: z.number().int(),
  cardCount: z.number().int(),
  redeemedCount: z.number().int(),
  /** Cards voided by staff (never redeemable again); 0 from servers before the catalogue work. */
  voidedCount: z.number().int().default(0),
  /** Cards sold at the counter (issue 23): their money went into the shift when sold; 0 from older servers. */
  soldCount: z.number().int().default(0),
  /** Cards a sale would sell now: neither sold, redeemed nor void (issue 23); 0 from older servers. */
  sellableCount: z.number().int().default(0),
  createdBy: z.string(),
  createdAt: isoTime,
});
export type PrepaidBatch = z.infer<typeof prepaidBatchSchema>;

/** A card in a batch's listing: no code (cards are kept hashed, issue 22), its id (the hash) and a hint (RC-…-0001). */
export const prepaidBatchCardSchema = z.object({
  id: z.string(),
  hint: z.string(),
  amount: z.number().int(),
  redeemedBy: z.string().nullable(),
  redeemedAt: isoTime.nullable(),
  /** When staff voided the card (it can no longer be redeemed); null: good. */
  voidedAt: isoTime.nullable().default(null),
  /** Sold at the counter (issue 23): when and by whom (a batch sale, or the desk's one card); null from older servers. */
  soldAt: isoTime.nullable().default(null),
  soldBy: z.string().nullable().default(null),
});

export const adminPrepaidBatches = route({
  method: 'GET',
  path: '/admin/prepaid-batches',
  auth: 'admin',
  response: z.array(prepaidBatchSchema),
});

export const adminCreatePrepaidBatch = route({
  method: 'POST',
  path: '/admin/prepaid-batches',
  auth: 'admin',
  body: z
    .object({
      count: z.number().int().min(1).max(1000),
      amount: z.number().int().min(1).max(10_000_000),
      label: z.string().trim().max(64).optional(),
      /** Sold as it is made (issue 23): paid now in cash or by card, the money goes into the open shift in the same step. */
      soldFor: z.enum(PREPAID_SALE_METHODS).optional(),
    })
    .strict(),
  /** The codes are shown once, here (the printable sheet is made from this answer); the server keeps only their hashes. */
  response: z.object({
    batch: prepaidBatchSchema,
    codes: z.array(z.string()),
    cards: z.array(z.object({ id: z.string(), code: z.string() })),
    sold: prepaidSaleSchema.nullable().default(null),
  }),
});

/**
 * Sells a batch's cards at the counter (issue 23): every card neither sold, redeemed nor void, paid in cash or by
 * card. One wallet movement (kind `prepaid_sale`, the open shift): the money is taken once, here; a sold card
 * redeemed later moves its value from the cafe's prepaid float to the customer and is never money taken again.
 */
export const adminSellPrepaidBatch = route({
  method: 'POST',
  path: '/admin/prepaid-batches/:id/sell',
  auth: 'admin',
  params: z.object({ id }),
  body: z.object({ method: z.enum(PREPAID_SALE_METHODS) }).strict(),
  response: z.object({ batch: prepaidBatchSchema, sold: prepaidSaleSchema }),
});

/**
 * One card sold at the desk (issue 23): the desk worker types the code printed on the card or scans its QR code (it
 * holds the same code). The code travels in the body only (never in a path, so never in an access log; the audit
 * line hides it), and no answer carries it back: a card is shown by its hint (RC-…-ABCD) and its value.
 */
const cardCode = z.string().trim().min(4).max(64);

/** What the desk may know of a card it holds before selling it. */
export const PREPAID_CARD_STATES = ['sellable', 'sold', 'redeemed', 'void'] as const;
export const prepaidCardLookSchema = z.object({
  hint: z.string(),
  amount: z.number().int(),
  state: z.enum(PREPAID_CARD_STATES),
});
export type PrepaidCardLook = z.infer<typeof prepaidCardLookSchema>;

/** The card in the desk's hands: its hint, value and whether it can be sold; an unknown code is a 404. */
export const lookUpPrepaidCard = route({
  method: 'POST',
  path: '/admin/prepaid-cards/look-up',
  auth: 'admin',
  body: z.object({ code: cardCode }).strict(),
  response: prepaidCardLookSchema,
});

/**
 * Sells one card for cash or by card: one wallet movement (kind `prepaid_sale`, the open shift, the owner's limits)
 * as a batch sale is. `amount` is the value the desk confirmed: a card worth anything else is refused (409), so the
 * money taken is the money the confirmation stated. A card already sold, redeemed or void is refused (409).
 */
export const sellPrepaidCard = route({
  method: 'POST',
  path: '/admin/prepaid-cards/sell',
  auth: 'admin',
  body: z.object({ code: cardCode, method: z.enum(PREPAID_SALE_METHODS), amount: z.number().int().min(1) }).strict(),
  response: z.object({ card: z.object({ hint: z.string(), amount: z.number().int() }), sold: prepaidSaleSchema, soldAt: isoTime }),
});

export const adminPrepaidBatchCards = route({
  method: 'GET',
  path: '/admin/prepaid-batches/:id/cards',
  auth: 'admin',
  auditRead: true,
  params: z.object({ id }),
  response: z.array(prepaidBatchCardSchema),
});
