/**
 * SPEC §2/§4 NFC login modal, outside React: waiting → (card) authenticating
 * → success, closing 1.5 s later, or error; 'Try Again' returns to waiting.
 * The reader is enabled (NFC_ENABLE) while the modal is open and disabled
 * (NFC_DISABLE) when it closes.
 */
import { SUCCESS_AUTO_CLOSE_MS } from '../../../shared/constants.js';
import type { ShellBridge } from '../../core/bridge/shellBridge.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { globalTimers, type TimerId, type Timers } from '../../core/time/timers.js';
import { nfcErrorMessage } from '../authErrors.js';

export type NfcModalState =
  | { phase: 'waiting' }
  | { phase: 'authenticating' }
  | { phase: 'success' }
  | { phase: 'error'; message: UiMessage };

export interface NfcLoginFlowDeps {
  bridge: Pick<ShellBridge, 'send' | 'on'>;
  /**
   * Logs in with the card (throws an ApiError on failure), awaiting
   * `onAuthenticated` before the session starts.
   */
  login(cardUid: string, onAuthenticated: () => Promise<void>): Promise<void>;
  onChange(state: NfcModalState): void;
  /** The modal is done (1.5 s after success). */
  onClose(): void;
  timers?: Timers;
}

export class NfcLoginFlow {
  private state: NfcModalState = { phase: 'waiting' };
  private offBridge: (() => void) | null = null;
  private closeTimer: TimerId | null = null;
  private finishSuccess: (() => void) | null = null;
  private readonly timers: Timers;

  constructor(private readonly deps: NfcLoginFlowDeps) {
    this.timers = deps.timers ?? globalTimers;
  }

  open(): void {
    this.set({ phase: 'waiting' });
    this.deps.bridge.send({ command: 'NFC_ENABLE' });
    this.offBridge = this.deps.bridge.on('NFC_LOGIN', (message) => void this.tap(message.ID));
  }

  /** A card was tapped; ignored unless waiting. */
  async tap(cardUid: string): Promise<void> {
    if (this.state.phase !== 'waiting' || !this.offBridge) return;
    this.set({ phase: 'authenticating' });
    try {
      // Success shows for 1.5 s, then the session starts and the modal closes.
      await this.deps.login(cardUid, () => {
        this.set({ phase: 'success' });
        return new Promise<void>((resolve) => {
          this.finishSuccess = resolve;
          this.closeTimer = this.timers.setTimeout(() => {
            this.closeTimer = null;
            this.finishSuccess = null;
            resolve();
          }, SUCCESS_AUTO_CLOSE_MS);
        });
      });
      if (this.offBridge !== null) this.deps.onClose();
    } catch (error) {
      if (this.offBridge !== null) this.set({ phase: 'error', message: nfcErrorMessage(error) });
    }
  }

  tryAgain(): void {
    if (this.state.phase === 'error') this.set({ phase: 'waiting' });
  }

  close(): void {
    if (!this.offBridge) return;
    this.offBridge();
    this.offBridge = null;
    if (this.closeTimer !== null) this.timers.clearTimeout(this.closeTimer);
    this.closeTimer = null;
    // Closed during the success pause: the user is authenticated, let the login finish.
    this.finishSuccess?.();
    this.finishSuccess = null;
    this.deps.bridge.send({ command: 'NFC_DISABLE' });
  }

  private set(state: NfcModalState): void {
    this.state = state;
    this.deps.onChange(state);
  }
}
