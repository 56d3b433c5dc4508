/**
 * SPEC §2 splash timing, as a plain class driven by injected timers:
 * progress 0→100 by SPLASH_PROGRESS_STEP every SPLASH_PROGRESS_TICK_MS; at 100
 * send StartUp (once); a loading message every LOADING_MESSAGE_ROTATION_MS;
 * when progress is 100 and the shell reported StartUpCompleted, mark ready,
 * then navigate SPLASH_NAVIGATE_DELAY_MS later.
 */
import {
  LOADING_MESSAGE_ROTATION_MS,
  SPLASH_NAVIGATE_DELAY_MS,
  SPLASH_PROGRESS_STEP,
  SPLASH_PROGRESS_TICK_MS,
} from '../../shared/constants.js';
import { SPLASH_MESSAGE_KEYS } from '../../shared/i18n/en.js';
import { globalTimers, type TimerId, type Timers } from '../core/time/timers.js';

export const SPLASH_PROGRESS_MAX = 100;

export interface SplashView {
  progress: number;
  /** Index into SPLASH_MESSAGE_KEYS. */
  messageIndex: number;
}

export interface SplashControllerDeps {
  sendStartUp: () => void;
  isStartupCompleted: () => boolean;
  /** Calls back when StartUpCompleted arrives; returns the unsubscribe. */
  onStartupCompleted: (listener: () => void) => () => void;
  /** Start the heartbeat and the status sender. */
  markReady: () => void;
  /** Leave the splash (to /login or /dashboard). */
  navigate: () => void;
  /** Receives every change of progress or message. */
  render: (view: SplashView) => void;
  timers?: Timers;
  /** Where the message rotation starts (random in the app, 0 in tests). */
  firstMessageIndex?: number;
}

export class SplashController {
  private view: SplashView;
  private progressTimer: TimerId | null = null;
  private messageTimer: TimerId | null = null;
  private navigateTimer: TimerId | null = null;
  private startUpSent = false;
  private readied = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private readonly timers: Timers;

  constructor(private readonly deps: SplashControllerDeps) {
    this.timers = deps.timers ?? globalTimers;
    this.view = { progress: 0, messageIndex: (deps.firstMessageIndex ?? 0) % SPLASH_MESSAGE_KEYS.length };
  }

  get state(): SplashView {
    return this.view;
  }

  start(): void {
    this.deps.render(this.view);
    this.unsubscribe = this.deps.onStartupCompleted(() => this.checkReady());
    this.progressTimer = this.timers.setInterval(() => this.tick(), SPLASH_PROGRESS_TICK_MS);
    this.messageTimer = this.timers.setInterval(() => this.rotate(), LOADING_MESSAGE_ROTATION_MS);
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of [this.progressTimer, this.messageTimer]) {
      if (timer !== null) this.timers.clearInterval(timer);
    }
    if (this.navigateTimer !== null) this.timers.clearTimeout(this.navigateTimer);
    this.progressTimer = this.messageTimer = this.navigateTimer = null;
  }

  private tick(): void {
    const progress = Math.min(SPLASH_PROGRESS_MAX, this.view.progress + SPLASH_PROGRESS_STEP);
    this.update({ progress });
    if (progress < SPLASH_PROGRESS_MAX) return;
    if (this.progressTimer !== null) this.timers.clearInterval(this.progressTimer);
    this.progressTimer = null;
    if (!this.startUpSent) {
      this.startUpSent = true;
      this.deps.sendStartUp();
    }
    this.checkReady();
  }

  private rotate(): void {
    this.update({ messageIndex: (this.view.messageIndex + 1) % SPLASH_MESSAGE_KEYS.length });
  }

  private checkReady(): void {
    if (this.stopped || this.readied) return;
    if (this.view.progress < SPLASH_PROGRESS_MAX || !this.deps.isStartupCompleted()) return;
    this.readied = true;
    this.deps.markReady();
    this.navigateTimer = this.timers.setTimeout(() => {
      this.navigateTimer = null;
      if (!this.stopped) this.deps.navigate();
    }, SPLASH_NAVIGATE_DELAY_MS);
  }

  private update(patch: Partial<SplashView>): void {
    this.view = { ...this.view, ...patch };
    this.deps.render(this.view);
  }
}
