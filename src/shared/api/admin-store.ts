/**
 * The reference server's operator surface for the dashboard (issue 12; not in
 * the SPEC): service calls, staff-managed offers, offer orders, media uploads.
 */
import { z } from 'zod';
import { OFFER_TYPES, SERVICE_CALL_TYPES } from '../entities.js';
import { id } from './fields.js';
import { route } from './route.js';

/** Row ids of service calls and orders: positive integers (the CLI types them). */
const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoTime = z.string();

// ── Service calls ──────────────────────────────────────────────────────────

export const SERVICE_CALL_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type ServiceCallStatus = (typeof SERVICE_CALL_STATUSES)[number];

export const serviceCallSchema = z.object({
  id: z.number().int(),
  type: z.enum(SERVICE_CALL_TYPES),
  stationId: id,
  stationNumber: z.number().int().nullable(),
  userId: id,
  username: z.string(),
  isGuest: z.boolean(),
  message: z.string(),
  status: z.enum(SERVICE_CALL_STATUSES),
  createdAt: isoTime,
  acknowledgedAt: isoTime.nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: isoTime.nullable(),
  resolvedBy: z.string().nullable(),
});
export type ServiceCall = z.infer<typeof serviceCallSchema>;

export const adminServiceCalls = route({
  method: 'GET',
  path: '/admin/service-calls',
  auth: 'admin',
  /** status: one state, or 'all'; default: every call not resolved yet. Newest first. */
  query: z.object({
    status: z.enum([...SERVICE_CALL_STATUSES, 'all']).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  }),
  response: z.array(serviceCallSchema),
});

export const adminAcknowledgeServiceCall = route({
  method: 'POST',
  path: '/admin/service-calls/:id/acknowledge',
  auth: 'admin',
  params: z.object({ id: rowId }),
  response: serviceCallSchema,
});

export const adminResolveServiceCall = route({
  method: 'POST',
  path: '/admin/service-calls/:id/resolve',
  auth: 'admin',
  params: z.object({ id: rowId }),
  response: serviceCallSchema,
});

// ── Offers ─────────────────────────────────────────────────────────────────

/** Whole IQD, never negative. */
export const iqdAmount = z.number().int('IQD amounts are whole numbers').min(0).max(100_000_000);
export const percentage = z.number().min(0).max(100);

export const adminOfferSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  offerType: z.enum(OFFER_TYPES),
  minimumPurchase: z.number(),
  discountAmount: z.number().nullable(),
  discountPercentage: z.number().nullable(),
  maximumDiscount: z.number().nullable(),
  active: z.boolean(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

const offerFields = {
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500),
  offerType: z.enum(OFFER_TYPES),
  minimumPurchase: iqdAmount,
  discountAmount: iqdAmount.nullable(),
  discountPercentage: percentage.nullable(),
  maximumDiscount: iqdAmount.nullable(),
  active: z.boolean(),
};

export const adminOffers = route({
  method: 'GET',
  path: '/admin/offers',
  auth: 'admin',
  response: z.array(adminOfferSchema),
});

export const adminCreateOffer = route({
  method: 'POST',
  path: '/admin/offers',
  auth: 'admin',
  body: z.strictObject({
    ...offerFields,
    description: offerFields.description.default(''),
    minimumPurchase: iqdAmount.default(0),
    discountAmount: offerFields.discountAmount.default(null),
    discountPercentage: offerFields.discountPercentage.default(null),
    maximumDiscount: offerFields.maximumDiscount.default(null),
    active: z.boolean().default(true),
  }),
  response: adminOfferSchema,
});

/** Change any fields; `active: false` deactivates (customers stop seeing it, orders of it are refused). */
export const adminUpdateOffer = route({
  method: 'PATCH',
  path: '/admin/offers/:id',
  auth: 'admin',
  params: z.object({ id }),
  body: z
    .strictObject({
      name: offerFields.name.optional(),
      description: offerFields.description.optional(),
      offerType: offerFields.offerType.optional(),
      minimumPurchase: offerFields.minimumPurchase.optional(),
      discountAmount: offerFields.discountAmount.optional(),
      discountPercentage: offerFields.discountPercentage.optional(),
      maximumDiscount: offerFields.maximumDiscount.optional(),
      active: offerFields.active.optional(),
    })
    .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change: name at least one field.' }),
  response: adminOfferSchema,
});

// ── Orders ─────────────────────────────────────────────────────────────────

export const ORDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderSchema = z.object({
  id: z.number().int(),
  offerId: id,
  offerName: z.string(),
  offerType: z.enum(OFFER_TYPES),
  userId: id,
  username: z.string(),
  stationId: id.nullable(),
  status: z.enum(ORDER_STATUSES),
  /** What the customer pays at the counter (IQD), fixed when the order was placed. */
  price: z.number(),
  /** What approval adds to the balance (IQD), fixed when the order was placed. */
  credit: z.number(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  decidedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Taken ("on my way") by a named staff member before it is decided, like the inbox's other rows (issue 23). */
  takenBy: z.string().nullable(),
  takenAt: isoTime.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const adminOrders = route({
  method: 'GET',
  path: '/admin/orders',
  auth: 'admin',
  /** status: one state, or 'all'; default 'pending'. Newest first. */
  query: z.object({
    status: z.enum([...ORDER_STATUSES, 'all']).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  }),
  response: z.array(orderSchema),
});

export const adminApproveOrder = route({
  method: 'POST',
  path: '/admin/orders/:id/approve',
  auth: 'admin',
  params: z.object({ id: rowId }),
  /** balance: the customer's paid balance after the credit. */
  response: z.object({ order: orderSchema, balance: z.number() }),
});

export const adminRejectOrder = route({
  method: 'POST',
  path: '/admin/orders/:id/reject',
  auth: 'admin',
  params: z.object({ id: rowId }),
  body: z.object({ reason: z.string().trim().min(1, 'Say why the order is rejected.').max(500) }),
  response: orderSchema,
});

// ── Media ──────────────────────────────────────────────────────────────────

/** Upload bounds: the logo is an image, the background video a short loop. */
export const MEDIA_UPLOAD_LIMITS = { logo: 2 * 1024 * 1024, background_video: 64 * 1024 * 1024 } as const;
export const MEDIA_CONTENT_TYPES = {
  logo: ['image/png'],
  background_video: ['video/mp4', 'video/webm'],
} as const;

/**
 * The raw file is the body, with a Content-Type of MEDIA_CONTENT_TYPES (the
 * server answers 415 to any other, before it looks at the body); every station
 * is then sent mediaUpdated.
 */
const fileBody = z.unknown();
const mediaUploaded = z.object({
  success: z.boolean(),
  type: z.enum(['logo', 'background_video']),
  filename: z.string(),
  bytes: z.number().int(),
});

export const adminUploadLogo = route({
  method: 'PUT',
  path: '/admin/media/logo',
  auth: 'admin',
  body: fileBody,
  response: mediaUploaded,
});

export const adminUploadBackgroundVideo = route({
  method: 'PUT',
  path: '/admin/media/background-video',
  auth: 'admin',
  body: fileBody,
  response: mediaUploaded,
});
