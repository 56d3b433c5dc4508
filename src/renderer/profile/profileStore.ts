/** SPEC §2 Profile screen: what the profile feature publishes (one store; selectors per panel). */
import { create } from 'zustand';
import type { GamePlayHistoryItem, NfcCard, Progress, User } from '../../shared/entities.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';

export type NfcLinkPhase = 'first' | 'confirm' | 'linking' | 'done';

export interface ProfileState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The profile's own load error ('Failed to load profile data…'). */
  error: UiMessage | null;
  refreshing: boolean;
  user: User | null;
  progress: Progress | null;
  history: GamePlayHistoryItem[];
  historyError: UiMessage | null;
  cards: NfcCard[];
  cardsError: UiMessage | null;
  /** The reward whose claim is on its way. */
  claiming: string | null;
  redeem: { expanded: boolean; code: string; busy: boolean; error: UiMessage | null; added: number | null };
  steam: { busy: boolean; error: UiMessage | null };
  /** The NFC card link modal, when open. */
  nfcLink: { phase: NfcLinkPhase; nickname: string; error: UiMessage | null } | null;
}

export const INITIAL_PROFILE_STATE: ProfileState = {
  status: 'idle',
  error: null,
  refreshing: false,
  user: null,
  progress: null,
  history: [],
  historyError: null,
  cards: [],
  cardsError: null,
  claiming: null,
  redeem: { expanded: false, code: '', busy: false, error: null, added: null },
  steam: { busy: false, error: null },
  nfcLink: null,
};

export const useProfileStore = create<ProfileState>()(() => ({ ...INITIAL_PROFILE_STATE }));

export type ProfileStore = typeof useProfileStore;
