/** Builds core for the running renderer: the shell bridge, HTTP, storage, the socket, toasts. */
import { createApiClient } from './api/httpClient.js';
import { getBridge } from './bridge/bridgeClient.js';
import { ShellBridge } from './bridge/shellBridge.js';
import { ConnectionService } from './connection/connectionService.js';
import { useConnectionStore } from './connection/connectionStore.js';
import type { Core } from './feature.js';
import { MediaService } from './media/mediaService.js';
import { cacheStorageVideoStore } from './media/videoDiskStore.js';
import { toastNotifier } from './notify.js';
import { createLocalStateStore } from './storage/localState.js';
import { globalTimers } from './time/timers.js';

export function createCore(win: Window = window): Core {
  const bridge = new ShellBridge(getBridge(win));
  const api = createApiClient({ baseUrl: win.location.origin });
  const connection = new ConnectionService({ bridge });
  return {
    win,
    bridge,
    api,
    storage: createLocalStateStore(win.localStorage),
    connection,
    media: new MediaService({
      api,
      connection,
      video: {
        ...optional('disk', cacheStorageVideoStore(win)),
        download: async (url) => {
          const response = await fetch(url, { cache: 'reload' });
          if (!response.ok) throw new Error(`video download answered ${response.status}`);
          return response.blob();
        },
        objectUrl: { create: (blob) => URL.createObjectURL(blob), revoke: (url) => URL.revokeObjectURL(url) },
      },
    }),
    notify: toastNotifier,
    timers: globalTimers,
    stores: [useConnectionStore],
  };
}

function optional<K extends string, V>(key: K, value: V | null): Partial<Record<K, V>> {
  return value === null ? {} : ({ [key]: value } as Record<K, V>);
}
