/**
 * SPEC §4 QR result handling: Steam with login data goes straight in;
 * otherwise the email is checked — an existing account logs in, a new one
 * opens the sign-up face pre-filled.
 */
import type { ConnectionInfo, LoginResponse } from '../../../shared/entities.js';
import { validateOAuthResult } from '../../../shared/validation/oauth.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';

export interface OAuthUserData {
  provider: string;
  email: string | null;
  username: string | null;
  name: string | null;
  steamId: string | null;
  loginData: LoginResponse | null;
}

export interface EmailCheck {
  emailExists: boolean;
  loginData: LoginResponse | null;
  userData: { email: string; suggestedUsername: string; name: string | null; provider: string } | null;
}

export type OAuthOutcome =
  | { kind: 'logged-in' }
  | { kind: 'sign-up'; email: string; username: string; provider: string }
  | { kind: 'error'; message: UiMessage };

export interface OAuthResultDeps {
  station: ConnectionInfo | null;
  checkEmail(body: { email: string; provider: string; suggestedUsername: string; macAddress: string }): Promise<EmailCheck>;
  complete(response: LoginResponse, station: ConnectionInfo): void;
}

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  apple: 'Apple ID',
  steam: 'Steam',
  discord: 'Discord',
  github: 'GitHub',
};

export const providerName = (provider: string) => PROVIDER_NAMES[provider] ?? provider;

export async function handleOAuthResult(data: OAuthUserData, deps: OAuthResultDeps): Promise<OAuthOutcome> {
  const invalid = validateOAuthResult(data);
  if (invalid) return { kind: 'error', message: { key: invalid.key } };
  const station = deps.station;
  if (!station?.macAddress) return { kind: 'error', message: { key: 'validation.oauthMissingMac' } };
  if (data.provider === 'steam' && data.loginData) {
    deps.complete(data.loginData, station);
    return { kind: 'logged-in' };
  }
  if (!data.email) return { kind: 'error', message: { key: 'validation.oauthMissingEmail' } };
  let check: EmailCheck;
  try {
    check = await deps.checkEmail({
      email: data.email,
      provider: data.provider,
      suggestedUsername: data.username ?? '',
      macAddress: station.macAddress,
    });
  } catch {
    return { kind: 'error', message: { key: 'error.oauth.check' } };
  }
  if (check.emailExists) {
    if (!check.loginData) return { kind: 'error', message: { key: 'error.oauth.existing' } };
    deps.complete(check.loginData, station);
    return { kind: 'logged-in' };
  }
  return {
    kind: 'sign-up',
    email: check.userData?.email ?? data.email,
    username: check.userData?.suggestedUsername ?? data.username ?? '',
    provider: providerName(data.provider),
  };
}
