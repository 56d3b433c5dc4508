/**
 * SPEC §2 Profile screen, §4 "Other", §7 profile/rewards/history calls, §8
 * texts: loads the profile (retrying up to 3 times, 1 s apart, when the
 * error mentions session or token), the XP/level progress and rewards, the
 * 15 latest plays and the NFC cards; claims rewards; saves edits (only the
 * changed fields; a new phone is verified first).
 */
import { phoneCheck, phoneStart } from '../../shared/api/auth.js';
import { playHistory } from '../../shared/api/games.js';
import {
  claimEventReward,
  claimReward,
  getProfile,
  listNfcCards,
  rewardsProgress,
  updatedProfileAnswer,
  updateProfile,
} from '../../shared/api/profile.js';
import { HISTORY_PROFILE_LIMIT, PROFILE_RETRY_DELAY_MS, PROFILE_RETRY_MAX } from '../../shared/constants.js';
import { en, type MessageKey } from '../../shared/i18n/en.js';
import { profileChanges, type ProfileChanges, type ProfileFields } from '../../shared/validation/profile.js';
import { ApiError, toApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import type { Notifier } from '../core/notify.js';
import { globalTimers, type Timers } from '../core/time/timers.js';
import { useProfileStore, type ProfileStore } from './profileStore.js';

export interface ProfileServiceDeps {
  api: Pick<ApiClient, 'call'>;
  notify: Notifier;
  /** The signed-in user's id (null: none, or a guest). */
  userId(): string | null;
  /** After a change the rest of the station shows (level badge, balance). */
  onChanged?(): void;
  timers?: Timers;
  store?: ProfileStore;
}

/** A server message when there is one, else the catalog text. */
export function serverOr(error: unknown, key: MessageKey): UiMessage {
  const message = toApiError(error).serverMessage;
  return message ? { text: message } : { key };
}

/** SPEC §4: the profile load is retried when the error mentions session or token. */
export function mentionsSessionOrToken(error: unknown): boolean {
  const api = toApiError(error);
  return /session|token/i.test(`${api.serverMessage ?? ''} ${api.message}`);
}

export type SaveOutcome =
  | { outcome: 'invalid'; error: UiMessage }
  | { outcome: 'verify-phone'; phone: string; changes: ProfileChanges }
  | { outcome: 'saved' }
  | { outcome: 'failed'; error: UiMessage };

export class ProfileService {
  private readonly store: ProfileStore;
  private readonly timers: Timers;
  private generation = 0;

  constructor(private readonly deps: ProfileServiceDeps) {
    this.store = deps.store ?? useProfileStore;
    this.timers = deps.timers ?? globalTimers;
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms));
  }

  /** GET /profile with the SPEC's retries; throws the last error. */
  private async fetchProfile() {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.deps.api.call(getProfile);
      } catch (error) {
        if (attempt >= PROFILE_RETRY_MAX || !mentionsSessionOrToken(error)) throw error;
        await this.wait(PROFILE_RETRY_DELAY_MS);
      }
    }
  }

  /** Everything the screen shows; 'refresh' keeps what is shown while it reloads. */
  async load(kind: 'load' | 'refresh' = 'load'): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const userId = this.deps.userId();
    if (kind === 'load') this.store.setState({ status: 'loading', error: null });
    else this.store.setState({ refreshing: true });
    const [profile] = await Promise.allSettled([
      this.fetchProfile().then((user) => current() && this.store.setState({ user, status: 'ready', error: null })),
      this.loadProgress(),
      this.loadHistory(userId, kind),
      this.loadCards(),
    ]);
    if (!current()) return;
    if (profile.status === 'rejected') this.store.setState({ status: 'error', error: { key: 'error.profile.load' } });
    this.store.setState({ refreshing: false });
  }

  async loadProgress(): Promise<void> {
    try {
      this.store.setState({ progress: await this.deps.api.call(rewardsProgress) });
    } catch {
      // The rewards panel shows its empty text; the SPEC names no load error for it.
      this.store.setState({ progress: null });
    }
  }

  async loadHistory(userId: string | null = this.deps.userId(), kind: 'load' | 'refresh' = 'load'): Promise<void> {
    if (!userId) return;
    try {
      const history = await this.deps.api.call(playHistory, { params: { userId }, query: { limit: HISTORY_PROFILE_LIMIT } });
      this.store.setState({ history, historyError: null });
    } catch {
      this.store.setState({ historyError: { key: kind === 'load' ? 'error.history.load' : 'error.history.refresh' } });
    }
  }

  async loadCards(): Promise<void> {
    try {
      this.store.setState({ cards: await this.deps.api.call(listNfcCards), cardsError: null });
    } catch {
      this.store.setState({ cardsError: { key: 'error.nfcCards.load' } });
    }
  }

  /** After the customer confirmed 'Are you sure you want to claim X? …'. */
  async claim(rewardId: string, event: boolean): Promise<boolean> {
    if (!this.deps.userId()) {
      this.deps.notify.error('error.rewards.session');
      return false;
    }
    this.store.setState({ claiming: rewardId });
    try {
      const answer = event
        ? await this.deps.api.call(claimEventReward, { body: { eventRewardId: rewardId } })
        : await this.deps.api.call(claimReward, { body: { rewardId } });
      this.deps.notify.success(claimedMessage(answer.message, event));
      await Promise.allSettled([this.loadProgress(), this.reloadUser()]);
      this.deps.onChanged?.();
      return true;
    } catch (error) {
      this.deps.notify.error(serverOr(error, event ? 'error.rewards.claimEvent' : 'error.rewards.claim'));
      return false;
    } finally {
      this.store.setState({ claiming: null });
    }
  }

  async reloadUser(): Promise<void> {
    try {
      this.store.setState({ user: await this.deps.api.call(getProfile) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.store.setState({ status: 'error', error: { key: 'error.profile.load' } });
    }
  }

  /** Save step 1: the SPEC's rules; a new phone needs its code first (sent here). */
  async save(original: ProfileFields, edited: ProfileFields): Promise<SaveOutcome> {
    const result = profileChanges(original, edited);
    if (!result.ok) return { outcome: 'invalid', error: result.error };
    if (result.phoneNeedsCode && typeof result.changes.phoneNumber === 'string') {
      const phone = result.changes.phoneNumber;
      try {
        await this.deps.api.call(phoneStart, { body: { phone } });
        this.deps.notify.success('profile.codeSent');
        return { outcome: 'verify-phone', phone, changes: result.changes };
      } catch (error) {
        return { outcome: 'failed', error: serverOr(error, 'error.profile.sendCode') };
      }
    }
    return this.commit(result.changes);
  }

  /** The phone modal's verify call (POST /auth/phone/check). */
  verifyPhone(phone: string, code: string) {
    return this.deps.api.call(phoneCheck, { body: { phone, code } });
  }

  resendCode(phone: string) {
    return this.deps.api.call(phoneStart, { body: { phone } });
  }

  /** Save step 2: PUT /profile with the changed fields. */
  async commit(changes: ProfileChanges): Promise<SaveOutcome> {
    try {
      // SPEC §7 shows no answer to PUT /profile: a server that sends none is asked again.
      const answer = updatedProfileAnswer.parse(await this.deps.api.call(updateProfile, { body: changes, validate: false }));
      const user = answer ?? (await this.deps.api.call(getProfile).catch(() => null));
      if (user) this.store.setState({ user });
      this.deps.notify.success('profile.updated');
      this.deps.onChanged?.();
      return { outcome: 'saved' };
    } catch (error) {
      return { outcome: 'failed', error: serverOr(error, 'error.profile.update') };
    }
  }

  /** The screen left: forget it (a late answer is dropped). */
  clear(): void {
    this.generation += 1;
    this.store.setState((s) => ({ ...s, status: 'idle', nfcLink: null }));
  }
}

/**
 * SPEC §7 "Responses carry a message": the server's own words for a claim when
 * it has some; its words equal to the default (or none) show the default in
 * the station's language (§8 'Reward claimed successfully!').
 */
export function claimedMessage(message: string | undefined, event: boolean): MessageKey | UiMessage {
  const key = event ? 'rewards.eventClaimed' : 'rewards.claimed';
  return message && message.trim() && message.trim() !== en[key] ? { text: message.trim() } : key;
}
