/** Bearer tokens: HS256 JWTs, 12 hours, with sub (user id), type and sessionId. */
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';

export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

const claimsSchema = z.object({
  sub: z.string().min(1),
  type: z.string().min(1),
  sessionId: z.string().nullable(),
});
export type TokenClaims = z.infer<typeof claimsSchema>;

export interface TokenService {
  sign(claims: TokenClaims): string;
  /** The claims of a valid, unexpired token; null otherwise. */
  verify(token: string): TokenClaims | null;
}

export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign: (claims) => signer({ ...claims }),
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
