/**
 * Bearer tokens: HS256 JWTs with sub (user id), type, sessionId and epoch
 * (the user's token_epoch when signed). A token with a session works only
 * while that session runs (the guard checks it on every request) and at most
 * 24 hours; an operator token (no session) lives 1 hour. A password change
 * or reset bumps the user's epoch, which ends every older token.
 */
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';

export const SESSION_TOKEN_MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const STAFF_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const claimsSchema = z.object({
  sub: z.string().min(1),
  type: z.string().min(1),
  sessionId: z.string().nullable(),
  epoch: z.number().int().min(0),
});
export type TokenClaims = z.infer<typeof claimsSchema>;

export interface TokenService {
  sign(claims: TokenClaims): string;
  /** The claims of a valid, unexpired token; null otherwise. */
  verify(token: string): TokenClaims | null;
}

export function createTokenService(secret: string): TokenService {
  const sessionSigner = createSigner({ key: secret, algorithm: 'HS256', expiresIn: SESSION_TOKEN_MAX_LIFETIME_MS });
  const staffSigner = createSigner({ key: secret, algorithm: 'HS256', expiresIn: STAFF_TOKEN_LIFETIME_MS });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign: (claims) => (claims.sessionId ? sessionSigner({ ...claims }) : staffSigner({ ...claims })),
    verify(token) {
      try {
        const parsed = claimsSchema.safeParse(verifier(token));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
