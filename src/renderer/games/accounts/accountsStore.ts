/** The centre accounts the open game modal shows, per platform (SPEC §2 game modal). */
import { create } from 'zustand';
import type { GameAccount } from '../../../shared/entities.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';

export interface PlatformAccounts {
  status: 'loading' | 'loaded' | 'error';
  /** Sorted by the number in accountDisplayName. */
  accounts: GameAccount[];
}

export interface AccountsState {
  /** The game the lists are for (its name, as GET /game-accounts/client asks). */
  gameName: string | null;
  byPlatform: Record<number, PlatformAccounts>;
  /** The account a Use is assigning. */
  usingId: string | null;
  /** Why the last Use was refused, until the next one. */
  message: UiMessage | null;
}

export const INITIAL_ACCOUNTS_STATE: AccountsState = { gameName: null, byPlatform: {}, usingId: null, message: null };

export const useAccountsStore = create<AccountsState>()(() => ({ ...INITIAL_ACCOUNTS_STATE }));

export type AccountsStore = typeof useAccountsStore;
