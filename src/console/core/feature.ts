/**
 * The console's feature contract, the kiosk's shape (src/renderer/core/feature.ts).
 * A screen folder has one entry, `create…Feature(core, {the features it reacts
 * to})`, that builds its service and returns it with its stores and its
 * start/stop. `app/features.ts` lists the features; main.tsx and the tests
 * build the console from that one list.
 *
 * Components reach their feature's service through the feature's own hook
 * (`useRoom()`), which reads it from the features context by name.
 */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { Files } from './files.js';
import type { Http } from './http.js';
import type { Page } from './page.js';
import type { StaffSocket } from './staffSocket.js';

/** A zustand store as the app resets it (tests start from clean stores). */
export interface ResettableStore {
  getInitialState(): object;
  setState(state: object, replace: true): void;
}

/** What every console feature stands on. */
export interface Core {
  http: Http;
  /** The live channel (/staff). */
  socket: StaffSocket;
  page: Page;
  files: Files;
  /** The stores core itself owns (the link state). */
  stores: readonly ResettableStore[];
}

export interface Feature<Name extends string = string, Service = unknown> {
  readonly name: Name;
  /** What the feature's components (and the features that react to it) use. */
  readonly service: Service;
  /** Every zustand store the feature owns. */
  readonly stores: readonly ResettableStore[];
  /** Start listening (sign-in, the socket); the app calls it once, in list order. */
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
  if (service === undefined) throw new Error(`no console feature named ${name}`);
  return service as Service;
}

/** A selector on one store. */
export function useSlice<S, T>(store: StoreApi<S>, select: (state: S) => T): T {
  return useStore(store, select);
}
