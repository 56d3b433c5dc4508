/**
 * The app as main.tsx builds it — the same feature list (app/features.ts) —
 * on a fake core: a FakeBridge, an API whose calls the test answers, a
 * socket that never leaves the machine, memory storage, recorded toasts.
 */
import { vi } from 'vitest';
import { createApiClient } from '../../../src/renderer/core/api/httpClient.js';
import type { Route } from '../../../src/shared/api/route.js';
import { createApp, type App } from '../../../src/renderer/app/features.js';
import type { ApiClient } from '../../../src/renderer/core/api/httpClient.js';
import { ConnectionService } from '../../../src/renderer/core/connection/connectionService.js';
import { useConnectionStore } from '../../../src/renderer/core/connection/connectionStore.js';
import type { Core } from '../../../src/renderer/core/feature.js';
import { MediaService } from '../../../src/renderer/core/media/mediaService.js';
import { createLocalStateStore } from '../../../src/renderer/core/storage/localState.js';
import { globalTimers } from '../../../src/renderer/core/time/timers.js';
import { FakeBridge, FakeSocket, memoryStorage, silentLog } from './fakes.js';

type AnyCall = (route: Route, options?: unknown) => Promise<unknown>;

export interface FakeCore extends Core {
  bridge: FakeBridge;
  api: ApiClient & { call: ReturnType<typeof vi.fn<AnyCall>> };
  sockets: FakeSocket[];
  toasts: { success: unknown[]; error: unknown[] };
}

export interface FakeCoreOptions {
  /** Answers every HTTP call directly (no schema check). Default: never answered. */
  call?: AnyCall;
  /** Or: the real HTTP client (schemas and all) over this fetch (tests/renderer/support/fakeFetch.ts). */
  fetch?: typeof fetch;
}

export function fakeCore(options: FakeCoreOptions = {}): FakeCore {
  const bridge = new FakeBridge();
  const sockets: FakeSocket[] = [];
  let baseUrl = 'http://cafe.local:3000';
  const real = options.fetch ? createApiClient({ baseUrl, fetch: options.fetch, log: silentLog }) : null;
  const call = vi.fn<AnyCall>(
    real ? (route, callOptions) => real.call(route, callOptions as never) : (options.call ?? (() => new Promise<never>(() => undefined))),
  );
  const api = {
    call: call as unknown as ApiClient['call'] & typeof call,
    setBaseUrl: (url: string) => {
      baseUrl = url;
      real?.setBaseUrl(url);
    },
    getBaseUrl: () => baseUrl,
    setToken: vi.fn(),
    setStationCredential: vi.fn(),
    resolveUrl: (path: string) => new URL(path, baseUrl).href,
  };
  const connection = new ConnectionService({
    bridge,
    createSocket: (url, opts) => {
      const socket = new FakeSocket(url, opts as Record<string, unknown>);
      sockets.push(socket);
      return socket;
    },
    log: silentLog,
  });
  const toasts = { success: [] as unknown[], error: [] as unknown[] };
  return {
    win: window,
    bridge,
    api,
    storage: createLocalStateStore(memoryStorage(), silentLog),
    connection,
    media: new MediaService({ api, connection }),
    notify: { success: (m) => void toasts.success.push(m), error: (m) => void toasts.error.push(m) },
    timers: globalTimers,
    stores: [useConnectionStore],
    sockets,
    toasts,
  };
}

const running = new Set<() => void>();

/** The app on a fake core; `start` starts its features (stopped again by stopTestApps). */
export function testApp(options: FakeCoreOptions & { start?: boolean } = {}): App & { core: FakeCore } {
  const core = fakeCore(options);
  const app = createApp(core);
  const stop = options.start ? app.start() : () => app.stop();
  running.add(stop);
  return app as App & { core: FakeCore };
}

/** Stop every app a test built (timers, listeners). */
export function stopTestApps(): void {
  for (const stop of running) stop();
  running.clear();
}
