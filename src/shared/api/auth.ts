/** SPEC §7 Authentication: login (password, NFC, OAuth QR), registration, password and phone flows, Steam link. */
import { z } from 'zod';
import { route } from './route.js';
import { loginResponseSchema, OAUTH_PROVIDERS } from '../entities.js';
import { id, mac, notShown, ok, password, username } from './fields.js';
import { anyId, orAbsent, orElse, orNull } from './tolerant.js';

export const login = route({
  method: 'POST',
  path: '/auth/client/login',
  auth: 'none',
  body: z.object({ username, password, macAddress: mac }),
  response: loginResponseSchema,
});

export const nfcLogin = route({
  method: 'POST',
  path: '/auth/client/nfc-login',
  auth: 'none',
  body: z.object({ cardUid: z.string().min(1).max(64), macAddress: mac }),
  response: loginResponseSchema,
});

export const register = route({
  method: 'POST',
  path: '/auth/client/register',
  auth: 'none',
  body: z.object({
    username,
    password: z.string().min(6).max(256),
    email: z.string().max(254).nullable().optional(),
    phoneNumber: z.string().max(32).nullable().optional(),
    macAddress: mac,
  }),
  /** SPEC §7: "may return requiresPhoneVerification, registrationKey". */
  response: z.object({
    success: z.boolean(),
    error: orAbsent(z.string()),
    requiresPhoneVerification: orAbsent(z.boolean()),
    registrationKey: orAbsent(z.string()),
  }),
});

export const verifyPhoneRegistration = route({
  method: 'POST',
  path: '/auth/client/verify-phone',
  auth: 'none',
  body: z.object({ phone: z.string().max(32), code: z.string().max(6), registrationKey: id }),
  /** Verified only when the answer says `verified: true`. */
  response: z.object({ verified: orElse(z.boolean(), false), message: orAbsent(z.string()) }),
});

export const forgotPassword = route({
  method: 'POST',
  path: '/auth/client/forgot-password',
  auth: 'none',
  body: z.object({ email: z.string().max(254) }),
  response: notShown,
});

export const resetPassword = route({
  method: 'POST',
  path: '/auth/client/reset-password',
  auth: 'none',
  body: z.object({ token: z.string().min(1).max(256), newPassword: z.string().min(6).max(256) }),
  response: notShown,
});

export const verifyEmail = route({
  method: 'GET',
  path: '/auth/email-verification/verify',
  auth: 'none',
  query: z.object({ token: z.string().min(1).max(256) }),
  response: notShown,
});

export const verifyPassword = route({
  method: 'POST',
  path: '/auth/client/verify-password',
  auth: 'user',
  body: z.object({ username, password }),
  response: z.object({ isValid: z.boolean() }),
});

export const checkUsername = route({
  method: 'GET',
  path: '/auth/client/check-username',
  auth: 'none',
  query: z.object({ username }),
  /** SPEC: "shape not shown"; without an answer the name counts as available (a taken one fails at register). */
  response: z.object({ available: orElse(z.boolean(), true) }),
});

export const phoneStart = route({
  method: 'POST',
  path: '/auth/phone/start',
  auth: 'none',
  body: z.object({ phone: z.string().min(4).max(32) }),
  response: notShown,
});

export const phoneCheck = route({
  method: 'POST',
  path: '/auth/phone/check',
  auth: 'none',
  body: z.object({ phone: z.string().max(32), code: z.string().max(6) }),
  /** Verified only when `verified` is exactly true (SPEC §5). */
  response: z.object({ verified: z.unknown().transform((value) => value === true) }),
});

const oauthLoginData = loginResponseSchema;

export const oauthQrSession = route({
  method: 'POST',
  path: '/auth/client/oauth/:provider/qr-session',
  auth: 'none',
  params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }),
  response: z.object({ sessionId: anyId, authUrl: z.string(), expiresIn: z.number() }),
});

/**
 * Not in the SPEC (issue 25): the providers this cafe configured, for the QR
 * modal's grid. A server without it offers the SPEC's five (the station asks,
 * and falls back on any failure).
 */
export const oauthProviders = route({
  method: 'GET',
  path: '/auth/client/oauth/providers',
  auth: 'none',
  response: z.object({
    providers: z.array(z.object({ id: z.enum(OAUTH_PROVIDERS), development: z.boolean() })),
  }),
});

export const oauthQrStatus = route({
  method: 'GET',
  path: '/auth/client/oauth/qr-session/:sessionId/status',
  auth: 'none',
  params: z.object({ sessionId: id }),
  response: z.object({
    status: z.enum(['completed', 'expired', 'pending']),
    userData: orNull(
      z.object({
        provider: orElse(z.string(), ''),
        email: orNull(z.string()),
        username: orNull(z.string()),
        name: orNull(z.string()),
        steamId: orNull(z.string()),
        loginData: orNull(oauthLoginData),
      }),
    ),
  }),
});

export const oauthCheckEmail = route({
  method: 'POST',
  path: '/auth/client/oauth/check-email',
  auth: 'none',
  body: z.object({
    email: z.string().max(254),
    provider: z.string().max(32),
    suggestedUsername: z.string().max(64),
    macAddress: mac,
  }),
  response: z.object({
    emailExists: z.boolean(),
    loginData: orNull(oauthLoginData),
    userData: orNull(
      z.object({
        email: orElse(z.string(), ''),
        suggestedUsername: orElse(z.string(), ''),
        name: orNull(z.string()),
        provider: orElse(z.string(), ''),
      }),
    ),
  }),
});

export const linkSteam = route({
  method: 'POST',
  path: '/auth/client/link-steam',
  auth: 'user',
  body: z.object({
    steamId: z.string().regex(/^\d{1,20}$/),
    steamUsername: z.string().max(64),
    /**
     * Beyond the SPEC (optional): the Steam OpenID answer's openid.* fields as
     * the callback received them, so the server can check the answer with
     * Steam itself (the reference server links nothing without them).
     */
    openid: z
      .record(z.string().regex(/^openid\.[a-z_.]{1,40}$/), z.string().max(2048))
      .refine((fields) => Object.keys(fields).length <= 32, 'too many openid fields')
      .optional(),
  }),
  response: ok,
});

export const unlinkSteam = route({
  method: 'DELETE',
  path: '/auth/client/unlink-steam',
  auth: 'user',
  response: ok,
});
