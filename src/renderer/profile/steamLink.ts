/**
 * SPEC §2/§5/§7 Steam link: a popup to the Steam OpenID sign-in ('Popup
 * blocked. Please allow popups for this site.' when refused), the answer
 * posted back by /steam-callback (origin checked), then POST
 * /auth/client/link-steam with the OpenID fields for the server to verify.
 * The popup is watched every second; closed without an answer, nothing
 * happens. Unlink: DELETE /auth/client/unlink-steam.
 */
import { linkSteam, unlinkSteam } from '../../shared/api/auth.js';
import { STEAM_POPUP_POLL_MS } from '../../shared/constants.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { Notifier } from '../core/notify.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';
import { serverOr } from './profileService.js';
import { useProfileStore, type ProfileStore } from './profileStore.js';
import { STEAM_START_PATH, steamLoginUrl, steamMessageOf, type SteamCallbackMessage } from './steamOpenId.js';

export interface SteamLinkDeps {
  api: Pick<ApiClient, 'call' | 'resolveUrl'>;
  win: Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & { location: Pick<Location, 'origin'> };
  notify: Notifier;
  onChanged(): void;
  timers?: Timers;
  store?: ProfileStore;
}

export class SteamLink {
  private readonly store: ProfileStore;
  private readonly timers: Timers;
  private popup: Window | null = null;
  private poll: TimerId | null = null;
  private listener: ((event: MessageEvent) => void) | null = null;

  constructor(private readonly deps: SteamLinkDeps) {
    this.store = deps.store ?? useProfileStore;
    this.timers = deps.timers ?? globalTimers;
  }

  private set(steam: ReturnType<ProfileStore['getState']>['steam']): void {
    this.store.setState({ steam });
  }

  start(): void {
    this.stopWatching();
    const origin = this.deps.win.location.origin;
    const url = steamLoginUrl(this.deps.api.resolveUrl(STEAM_START_PATH), origin);
    const popup = this.deps.win.open(url, 'spawnpoint-steam', 'popup,width=820,height=680');
    if (!popup) {
      this.set({ busy: false, error: { key: 'validation.popupBlocked' } });
      return;
    }
    this.popup = popup;
    this.set({ busy: true, error: null });
    this.listener = (event) => {
      const message = steamMessageOf(event, origin);
      if (message) void this.answer(message);
    };
    this.deps.win.addEventListener('message', this.listener);
    this.poll = this.timers.setInterval(() => {
      if (this.popup?.closed) {
        this.stopWatching();
        if (this.store.getState().steam.busy) this.set({ busy: false, error: null });
      }
    }, STEAM_POPUP_POLL_MS);
  }

  private async answer(message: SteamCallbackMessage): Promise<void> {
    this.stopWatching();
    if (!message.ok) {
      this.set({ busy: false, error: { key: message.error } });
      return;
    }
    try {
      await this.deps.api.call(linkSteam, { body: { steamId: message.steamId, steamUsername: '', openid: message.openid } });
      this.set({ busy: false, error: null });
      this.deps.notify.success('steam.linkedToast');
      this.deps.onChanged();
    } catch (error) {
      this.set({ busy: false, error: serverOr(error, 'error.steam.link') });
    }
  }

  async unlink(): Promise<void> {
    this.set({ busy: true, error: null });
    try {
      await this.deps.api.call(unlinkSteam);
      this.set({ busy: false, error: null });
      this.deps.notify.success('steam.unlinkedToast');
      this.deps.onChanged();
    } catch (error) {
      this.set({ busy: false, error: serverOr(error, 'error.steam.unlink') });
    }
  }

  private stopWatching(): void {
    if (this.poll !== null) this.timers.clearInterval(this.poll);
    this.poll = null;
    if (this.listener) this.deps.win.removeEventListener('message', this.listener);
    this.listener = null;
    this.popup = null;
  }

  stop(): void {
    this.stopWatching();
  }
}
