/**
 * Electron glue: creates the kiosk window from window/options.ts and keeps
 * it a kiosk — the input policy before the page sees a key, no zoom, the
 * focus taken back on blur (unless a game should be in front,
 * window/front-policy.ts), and a reload when the renderer process dies.
 * Imported only by index.ts.
 */
import { BrowserWindow } from 'electron';
import { parseRendererMessage } from '../../shared/bridge/protocol.js';
import type { RendererToShell, ShellToRenderer } from '../../shared/bridge/protocol.js';
import { INITIAL_FRONT_STATE, nextFrontState, wantsFront } from './front-policy.js';
import type { FrontState } from './front-policy.js';
import { inputDecision, nextKeyboardLocked } from './input-policy.js';
import { kioskWindowPlan } from './options.js';

export interface CreateKioskWindow {
  windowed: boolean;
  preloadPath: string;
  /** False in packaged builds. */
  devTools: boolean;
  log: (line: string) => void;
  /** Step back for a running game (false in a dry run, which starts none); the keyboard lock is followed either way. */
  followGames?: boolean;
}

export interface KioskWindow {
  win: BrowserWindow;
  /** Each message the shell sends the renderer (AppLaunched/AppClosed move the window). */
  observeToRenderer(message: ShellToRenderer): void;
  /** Each raw message from the trusted renderer (ScreenLocked, UserLogin… move the window). */
  observeFromRenderer(raw: unknown): void;
  /** The window's state as the messages so far left it (the idle watch reads it). */
  front(): FrontState;
}

/** Re-focus this long after a blur (the blur of a closing popup or dialog settles first). */
export const REFOCUS_DELAY_MS = 150;
/** Reload this long after the renderer died, so a renderer that dies at once cannot spin. */
export const RELOAD_DELAY_MS = 1_000;

export function createKioskWindow({ windowed, preloadPath, devTools, log, followGames = true }: CreateKioskWindow): KioskWindow {
  const plan = kioskWindowPlan({ windowed, preloadPath, devTools });
  // The scanner cannot follow plan.options; kioskWindowPlan (options.ts) sets them, tests/main/policy.test.ts pins them.
  const win = new BrowserWindow(plan.options); // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK -- contextIsolation, sandbox and disableBlinkFeatures Auxclick are set in window/options.ts
  win.setMenu(null);
  const level = plan.alwaysOnTopLevel;
  if (level) win.setAlwaysOnTop(true, level);
  win.once('ready-to-show', () => win.show());
  const contents = win.webContents;

  /** The renderer's lock screen is up: Tab cannot walk out of it (input-policy.ts). */
  let keyboardLocked = false;
  contents.on('before-input-event', (event, input) => {
    if (inputDecision(input, { locked: keyboardLocked }) === 'block') event.preventDefault();
  });
  // Ctrl+wheel and pinch zoom do not go through keys.
  contents.on('zoom-changed', () => contents.setZoomFactor(1));
  void contents.setVisualZoomLevelLimits(1, 1).catch(() => undefined);

  contents.on('render-process-gone', (_event, details) => {
    log(`window: the renderer process is gone (${details.reason}, exit code ${details.exitCode}); reloading`);
    setTimeout(() => {
      if (!win.isDestroyed()) win.reload();
    }, RELOAD_DELAY_MS);
  });
  contents.on('unresponsive', () => log('window: the renderer is not responding'));

  let front = INITIAL_FRONT_STATE;
  const bringToFront = () => {
    if (win.isDestroyed() || !level) return;
    win.setAlwaysOnTop(true, level);
    if (win.isMinimized()) win.restore();
    win.show();
    win.moveTop();
    win.focus();
  };
  win.on('blur', () => {
    if (!level || !wantsFront(front)) return;
    setTimeout(() => {
      if (!win.isDestroyed() && !win.isFocused() && wantsFront(front)) bringToFront();
    }, REFOCUS_DELAY_MS);
  });

  const observe = (message: ShellToRenderer | RendererToShell) => {
    keyboardLocked = nextKeyboardLocked(keyboardLocked, message);
    const before = wantsFront(front);
    front = nextFrontState(front, message);
    if (!level || !followGames) return;
    const after = wantsFront(front);
    if (before === after) return;
    if (after) {
      log('window: back in front of the desktop');
      bringToFront();
    } else {
      log('window: a game is running; the kiosk steps back');
      win.setAlwaysOnTop(false);
      win.minimize();
    }
  };
  return {
    win,
    front: () => front,
    observeToRenderer: observe,
    observeFromRenderer: (raw) => {
      const parsed = parseRendererMessage(raw);
      if (parsed.ok) observe(parsed.message);
    },
  };
}
