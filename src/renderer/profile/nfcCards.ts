/**
 * SPEC §2/§4/§7/§8 the NFC cards card: link a card by tapping the same card
 * twice within 10 seconds (the reader is on only while the link modal is
 * open), with an optional nickname; rename; unlink.
 */
import { linkNfcCard, renameNfcCard, unlinkNfcCard } from '../../shared/api/profile.js';
import { NFC_CONFIRM_WINDOW_MS } from '../../shared/constants.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { ShellBridge } from '../core/bridge/shellBridge.js';
import type { Notifier } from '../core/notify.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';
import { serverOr } from './profileService.js';
import { useProfileStore, type NfcLinkPhase, type ProfileStore } from './profileStore.js';

export interface NfcCardsDeps {
  api: Pick<ApiClient, 'call'>;
  bridge: Pick<ShellBridge, 'send' | 'on'>;
  notify: Notifier;
  /** The signed-in member (null: none). */
  userId(): string | null;
  /** Reload the card list. */
  reload(): Promise<void>;
  timers?: Timers;
  store?: ProfileStore;
}

/** Card UIDs compare as hex without separators, upper case. */
const uidKey = (uid: string) => uid.replace(/[^0-9a-f]/gi, '').toUpperCase();

export class NfcCards {
  private readonly store: ProfileStore;
  private readonly timers: Timers;
  private offTap: (() => void) | null = null;
  private firstUid: string | null = null;
  private window: TimerId | null = null;

  constructor(private readonly deps: NfcCardsDeps) {
    this.store = deps.store ?? useProfileStore;
    this.timers = deps.timers ?? globalTimers;
  }

  private patch(change: Partial<{ phase: NfcLinkPhase; nickname: string; error: ReturnType<ProfileStore['getState']>['steam']['error'] }>) {
    this.store.setState((s) => (s.nfcLink ? { nfcLink: { ...s.nfcLink, ...change } } : {}));
  }

  open(): void {
    if (this.offTap) return;
    if (!this.deps.userId()) {
      this.deps.notify.error('error.nfcCards.noUser');
      return;
    }
    this.store.setState({ nfcLink: { phase: 'first', nickname: '', error: null } });
    this.firstUid = null;
    this.deps.bridge.send({ command: 'NFC_ENABLE' });
    this.offTap = this.deps.bridge.on('NFC_LOGIN', (message) => void this.tap(message.ID));
  }

  setNickname(nickname: string): void {
    this.patch({ nickname: nickname.slice(0, 64) });
  }

  /** A card on the reader: the first tap arms a 10 s window, the same card again links it. */
  async tap(cardUid: string): Promise<void> {
    const link = this.store.getState().nfcLink;
    if (!link || !this.offTap || link.phase === 'linking' || link.phase === 'done') return;
    const uid = uidKey(cardUid);
    if (link.phase === 'first' || this.firstUid !== uid) {
      // A first tap, or another card: this one must now be tapped again.
      this.firstUid = uid;
      this.clearWindow();
      this.window = this.timers.setTimeout(() => {
        this.window = null;
        this.firstUid = null;
        this.patch({ phase: 'first', error: { key: 'nfcCards.timeout' } });
      }, NFC_CONFIRM_WINDOW_MS);
      this.patch({ phase: 'confirm', error: null });
      return;
    }
    this.clearWindow();
    this.patch({ phase: 'linking', error: null });
    const nickname = link.nickname.trim();
    try {
      await this.deps.api.call(linkNfcCard, { body: { cardUid: uid, ...(nickname ? { nickname } : {}) } });
      this.patch({ phase: 'done' });
      this.deps.notify.success('nfcCards.linked');
      this.close();
      await this.deps.reload();
    } catch (error) {
      this.firstUid = null;
      this.patch({ phase: 'first', error: serverOr(error, 'error.nfcCards.link') });
    }
  }

  close(): void {
    this.clearWindow();
    this.firstUid = null;
    if (this.offTap) {
      this.offTap();
      this.offTap = null;
      this.deps.bridge.send({ command: 'NFC_DISABLE' });
    }
    this.store.setState({ nfcLink: null });
  }

  async rename(id: string, nickname: string): Promise<boolean> {
    try {
      await this.deps.api.call(renameNfcCard, { params: { id }, body: { nickname: nickname.trim() } });
      await this.deps.reload();
      return true;
    } catch (error) {
      this.deps.notify.error(serverOr(error, 'error.nfcCards.nickname'));
      return false;
    }
  }

  async unlink(id: string): Promise<boolean> {
    try {
      await this.deps.api.call(unlinkNfcCard, { params: { id } });
      await this.deps.reload();
      return true;
    } catch (error) {
      this.deps.notify.error(serverOr(error, 'error.nfcCards.unlink'));
      return false;
    }
  }

  private clearWindow(): void {
    if (this.window !== null) this.timers.clearTimeout(this.window);
    this.window = null;
  }

  stop(): void {
    this.close();
  }
}
