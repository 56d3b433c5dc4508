/**
 * The renderer's one bridge object: the Electron preload's `window.spawnpoint`
 * when it exists, otherwise a WebSocket to the web shell.
 */
import {
  BRIDGE_GLOBAL,
  WEB_BRIDGE_PATH,
  type SpawnpointBridge,
} from '../../shared/bridge/protocol.js';
import { WebBridge, webBridgeUrl } from './webBridge.js';

export function getBridge(win: Window = window): SpawnpointBridge {
  const native = win[BRIDGE_GLOBAL];
  if (native) return native;
  return new WebBridge({ url: webBridgeUrl(win.location, WEB_BRIDGE_PATH) });
}
