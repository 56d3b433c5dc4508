/** The account feature (SPEC §3 User/profile): the signed-in user's type, level, xp and balance, and its refresh. */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeatureService } from '../session/index.js';
import { AccountService } from './accountService.js';
import { useAccountStore } from './accountStore.js';

export type AccountFeature = Feature<'account', AccountService>;

export function createAccountFeature(core: Core, features: { session: Feature<'session', SessionFeatureService> }): AccountFeature {
  const account = new AccountService({ api: core.api, connection: core.connection, session: features.session.service.session });
  let off: (() => void) | null = null;
  return {
    name: 'account',
    service: account,
    stores: [useAccountStore],
    start() {
      off ??= account.attach();
    },
    stop() {
      off?.();
      off = null;
    },
  };
}

export const useAccount = () => useFeatureService<AccountService>('account');
