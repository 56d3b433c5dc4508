/**
 * The feature contract. A feature folder has one entry, `create…Feature(core,
 * {the features it reacts to})`, that builds its services and returns them
 * with its stores and its start/stop. `app/features.ts` lists the features;
 * main.tsx and the tests build the app from that one list.
 *
 * Components reach their feature's service through the feature's own hook
 * (`useGames()`), which reads it from the features context by name.
 */
import { createContext, useContext } from 'react';
import type { ApiClient } from './api/httpClient.js';
import type { ShellBridge } from './bridge/shellBridge.js';
import type { ConnectionService } from './connection/connectionService.js';
import type { MediaService } from './media/mediaService.js';
import type { Notifier } from './notify.js';
import type { LocalStateStore } from './storage/localState.js';
import type { Timers } from './time/timers.js';

/** A zustand store as the app resets it (tests start from clean stores). */
export interface ResettableStore {
  getInitialState(): object;
  setState(state: object, replace: true): void;
}

/** What every feature stands on. */
export interface Core {
  win: Window;
  bridge: ShellBridge;
  api: ApiClient;
  storage: LocalStateStore;
  connection: ConnectionService;
  /** The cafe's media caches (background video, …). */
  media: MediaService;
  notify: Notifier;
  timers: Timers;
  /** The stores core itself owns (the connection state). */
  stores: readonly ResettableStore[];
}

export interface Feature<Name extends string = string, Service = unknown> {
  readonly name: Name;
  /** What the feature's components (and the features that react to it) use. */
  readonly service: Service;
  /** Every zustand store the feature owns. */
  readonly stores: readonly ResettableStore[];
  /** Start listening (shell, socket, stores); the app calls it once, in list order. */
  start(): void;
  /** Undo start(). */
  stop(): void;
}

/** A store back to its initial state. */
export function resetStore(store: ResettableStore): void {
  store.setState(store.getInitialState(), true);
}

export type FeatureServices = ReadonlyMap<string, unknown>;

export const FeaturesContext = createContext<FeatureServices | null>(null);

/** A feature's service by name; each feature wraps this in its own typed hook. */
export function useFeatureService<Service>(name: string): Service {
  const services = useContext(FeaturesContext);
  if (!services) throw new Error('feature hooks must be used inside <FeaturesContext.Provider>');
  const service = services.get(name);
  if (service === undefined) throw new Error(`no feature named ${name}`);
  return service as Service;
}
