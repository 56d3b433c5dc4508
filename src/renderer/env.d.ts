import type { SpawnpointBridge } from '../shared/bridge/protocol.js';

declare global {
  interface Window {
    /** The Electron preload's bridge (BRIDGE_GLOBAL); absent in a plain browser. */
    spawnpoint?: SpawnpointBridge;
  }
}

export {};
