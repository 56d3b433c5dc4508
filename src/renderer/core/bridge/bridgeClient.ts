/**
 * The renderer's one bridge object: the Electron preload's `window.spawnpoint`
 * when it exists, otherwise a WebSocket to the web shell.
 */
import {
  BRIDGE_GLOBAL,
  WEB_BRIDGE_PATH,
  type SpawnpointBridge,
} from '../../../shared/bridge/protocol.js';
import { forwardCardTaps } from './cardTaps.js';
import { WebBridge, webBridgeUrl } from './webBridge.js';

/** The bridge; its NFC_LOGIN messages are also dispatched on `win` as card-tap events (cardTaps.ts). */
export function getBridge(win: Window = window): SpawnpointBridge {
  const bridge = win[BRIDGE_GLOBAL] ?? new WebBridge({ url: webBridgeUrl(win.location, WEB_BRIDGE_PATH) });
  forwardCardTaps(bridge, win);
  return bridge;
}
