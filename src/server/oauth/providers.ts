/**
 * Where the phone signs in. Every provider turns a QR session into the
 * address the QR code holds; the development provider is a sign-in page of
 * this server (a test, or a person with a phone on the cafe network, can
 * complete it). Real providers are configured in README.md (OAuth).
 */
import type { OAuthProvider } from '../../shared/entities.js';

export interface OAuthProviderAdapter {
  /** The address the station shows as a QR code. */
  authUrl(session: { id: string; provider: OAuthProvider }, baseUrl: string): string;
}

export const DEV_SIGN_IN_PATH = '/oauth/dev/sign-in';

export const devProvider: OAuthProviderAdapter = {
  authUrl: (session, baseUrl) =>
    `${baseUrl}${DEV_SIGN_IN_PATH}?session=${encodeURIComponent(session.id)}&provider=${session.provider}`,
};

declare module '../context.js' {
  interface ServerServices {
    /** The OAuth provider QR logins go through; null: QR login is off. */
    oauthProvider: OAuthProviderAdapter | null;
  }
}
