/** SPEC §3/§4/§5 centre accounts: order, free or busy, and what a refused Use says. */
import { CENTRE_ACCOUNT_PLATFORMS, offersCentreAccounts } from '../../../shared/catalog/platforms.js';
import type { GameAccount } from '../../../shared/entities.js';
import type { MessageKey } from '../../../shared/i18n/en.js';
import { toApiError } from '../../core/api/apiError.js';

export { CENTRE_ACCOUNT_PLATFORMS, offersCentreAccounts };

/** The number in 'Account 3' (none: after every numbered account). */
export function accountNumber(account: Pick<GameAccount, 'accountDisplayName'>): number {
  const match = /\d+/.exec(account.accountDisplayName);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

/** §3: sorted by the number in accountDisplayName, then by name. */
export function sortAccounts(accounts: readonly GameAccount[]): GameAccount[] {
  return [...accounts].sort(
    (a, b) => accountNumber(a) - accountNumber(b) || a.accountDisplayName.localeCompare(b.accountDisplayName),
  );
}

/** §4: busy when in use or held by a session. */
export function isBusy(account: Pick<GameAccount, 'inUse' | 'sessionId'>): boolean {
  return account.inUse || Boolean(account.sessionId);
}

/** Held by this very session (it may launch with it again without assigning). */
export function isOwn(account: Pick<GameAccount, 'sessionId'>, sessionId: string | null): boolean {
  return Boolean(sessionId) && account.sessionId === sessionId;
}

/** §5: why a Use cannot go ahead, checked against the latest list before asking the server. */
export function refusalOfUse(
  account: Pick<GameAccount, 'id' | 'inUse' | 'sessionId'>,
  latest: readonly Pick<GameAccount, 'id' | 'inUse' | 'sessionId'>[],
  sessionId: string | null,
): MessageKey | null {
  const current = latest.find((a) => a.id === account.id);
  if (!current) return 'validation.accountGone';
  if (isBusy(current) && !isOwn(current, sessionId)) return 'validation.accountBusy';
  return null;
}

const SERVER_TEXTS: Record<string, MessageKey> = {
  'This account is no longer available': 'validation.accountGone',
  'This account is currently being used by another station': 'validation.accountBusy',
  'This account is already in use or unavailable': 'error.games.accountBusy',
};

/** §5/§8: what a failed assign tells the customer. */
export function assignFailure(error: unknown): MessageKey {
  const failure = toApiError(error);
  const known = failure.serverMessage ? SERVER_TEXTS[failure.serverMessage] : undefined;
  if (known) return known;
  if (failure.status === 404) return 'validation.accountGone';
  if (failure.status === 409) return 'error.games.accountBusy';
  return 'error.games.assign';
}
