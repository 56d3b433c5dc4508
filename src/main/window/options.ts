/**
 * The kiosk window's options: full screen, above everything, no menu, and a
 * sandboxed, isolated renderer. `--windowed` gives developers a normal window
 * with the same web preferences.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { PRODUCT_NAME } from '../../shared/constants.js';

export interface KioskWindowOptions {
  windowed: boolean;
  preloadPath: string;
  /** False in packaged builds: the devtools cannot be opened at all. */
  devTools: boolean;
}

export interface KioskWindowPlan {
  options: BrowserWindowConstructorOptions;
  /** Level for win.setAlwaysOnTop(true, level); null for a normal window. */
  alwaysOnTopLevel: 'screen-saver' | null;
}

export function kioskWindowPlan({ windowed, preloadPath, devTools }: KioskWindowOptions): KioskWindowPlan {
  const webPreferences: BrowserWindowConstructorOptions['webPreferences'] = {
    preload: preloadPath,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    devTools,
    // A middle click on a link would ask for a new window; the open handler denies it, this stops it earlier.
    disableBlinkFeatures: 'Auxclick',
  };
  const common: BrowserWindowConstructorOptions = {
    title: PRODUCT_NAME,
    show: false,
    backgroundColor: '#0b0d12',
    autoHideMenuBar: true,
    webPreferences,
  };
  if (windowed) {
    return { options: { ...common, width: 1280, height: 800 }, alwaysOnTopLevel: null };
  }
  return {
    options: {
      ...common,
      kiosk: true,
      fullscreen: true,
      frame: false,
      alwaysOnTop: true,
      skipTaskbar: true,
      resizable: false,
      movable: false,
      minimizable: false,
      maximizable: false,
    },
    alwaysOnTopLevel: 'screen-saver',
  };
}
