/** Electron glue: creates the kiosk window from window/options.ts. Imported only by index.ts. */
import { BrowserWindow } from 'electron';
import { kioskWindowPlan } from './options.js';

export interface CreateKioskWindow {
  windowed: boolean;
  preloadPath: string;
}

export function createKioskWindow({ windowed, preloadPath }: CreateKioskWindow): BrowserWindow {
  const plan = kioskWindowPlan({ windowed, preloadPath });
  const win = new BrowserWindow(plan.options);
  win.setMenu(null);
  if (plan.alwaysOnTopLevel) win.setAlwaysOnTop(true, plan.alwaysOnTopLevel);
  win.once('ready-to-show', () => win.show());
  return win;
}
