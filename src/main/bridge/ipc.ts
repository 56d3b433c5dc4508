/**
 * Electron glue: the bridge router bound to IPC. Messages are accepted only
 * from the window's own top frame showing the app; replies go to that window.
 * Imported only by index.ts.
 */
import { ipcMain } from 'electron';
import type { BrowserWindow, IpcMainEvent } from 'electron';
import { IPC_TO_RENDERER, IPC_TO_SHELL } from '../../shared/bridge/protocol.js';
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { AppLocation } from '../security/policy.js';
import { isTrustedSender } from '../security/policy.js';
import type { BridgeRouter } from './router.js';

export interface IpcBridgeOptions {
  win: BrowserWindow;
  location: AppLocation;
  /** Builds the router around the emit function that reaches this window. */
  createRouter: (emit: (message: ShellToRenderer) => void) => BridgeRouter;
  log: (line: string) => void;
  /** Sees each message from the trusted sender before the router (the kiosk window follows the lock). */
  observe?: (raw: unknown) => void;
}

export function bindIpcBridge({ win, location, createRouter, log, observe }: IpcBridgeOptions): void {
  const contents = win.webContents;
  const contentsId = contents.id;
  const emit = (message: ShellToRenderer) => {
    if (!contents.isDestroyed()) contents.send(IPC_TO_RENDERER, message);
  };
  const router = createRouter(emit);
  const listener = (event: IpcMainEvent, raw: unknown) => {
    const frame = event.senderFrame;
    const sender = {
      senderId: event.sender.id,
      frameUrl: frame?.url,
      isMainFrame: frame !== null && frame.parent === null,
    };
    if (!isTrustedSender(sender, contentsId, location)) {
      log(`bridge: ignored a message from an untrusted sender (${sender.frameUrl ?? 'no frame'})`);
      return;
    }
    observe?.(raw);
    void router.handle(raw);
  };
  ipcMain.on(IPC_TO_SHELL, listener);
  win.once('closed', () => ipcMain.removeListener(IPC_TO_SHELL, listener));
}
