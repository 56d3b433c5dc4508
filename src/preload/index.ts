/**
 * The sandboxed preload (built to out/preload/index.cjs). It exposes exactly
 * one object, window.spawnpoint, typed by the shared SpawnpointBridge
 * contract. The page never sees ipcRenderer or an IPC event: listeners get
 * the message only, and every subscription returns its unsubscribe.
 *
 * A sandboxed preload can require nothing but 'electron': the protocol
 * module pulls in zod at runtime, so only its types are imported, and the
 * channel names come from the dependency-free channels module.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL, IPC_TO_RENDERER, IPC_TO_SHELL } from '../shared/bridge/channels.js';
import type { ShellToRenderer, SpawnpointBridge } from '../shared/bridge/protocol.js';

const api = {
  send(message) {
    ipcRenderer.send(IPC_TO_SHELL, message);
  },
  onMessage(listener) {
    const handler = (_event: IpcRendererEvent, message: ShellToRenderer) => listener(message);
    ipcRenderer.on(IPC_TO_RENDERER, handler);
    return () => {
      ipcRenderer.removeListener(IPC_TO_RENDERER, handler);
    };
  },
} satisfies SpawnpointBridge;

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, api);
