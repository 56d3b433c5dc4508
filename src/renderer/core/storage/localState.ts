/**
 * SPEC §3 local client state: one local-storage key (STORAGE_KEY) holding
 * {session, stationInfo, redirectFlag}. Whatever is stored is parsed with the
 * shared schema; corrupt JSON or a wrong shape starts clean, with a log line.
 */
import { STORAGE_KEY } from '../../../shared/constants.js';
import { localStateSchema, type LocalState } from '../../../shared/entities.js';

export const EMPTY_LOCAL_STATE: LocalState = { session: null, stationInfo: null, redirectFlag: false };

export interface LocalStateStore {
  read(): LocalState;
  write(state: LocalState): void;
  update(patch: Partial<LocalState>): LocalState;
  clear(): void;
}

export function createLocalStateStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = window.localStorage,
  log: Pick<Console, 'warn'> = console,
): LocalStateStore {
  const read = (): LocalState => {
    let text: string | null;
    try {
      text = storage.getItem(STORAGE_KEY);
    } catch (error) {
      log.warn('[storage] local storage is not readable; starting clean', error);
      return { ...EMPTY_LOCAL_STATE };
    }
    if (text === null) return { ...EMPTY_LOCAL_STATE };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      log.warn('[storage] stored state is not JSON; starting clean');
      return { ...EMPTY_LOCAL_STATE };
    }
    const parsed = localStateSchema.safeParse(raw);
    if (!parsed.success) {
      log.warn('[storage] stored state has the wrong shape; starting clean');
      return { ...EMPTY_LOCAL_STATE };
    }
    return parsed.data;
  };

  const write = (state: LocalState): void => {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch (error) {
      log.warn('[storage] could not save state', error);
    }
  };

  return {
    read,
    write,
    update(patch) {
      const next = { ...read(), ...patch };
      write(next);
      return next;
    },
    clear() {
      try {
        storage.removeItem(STORAGE_KEY);
      } catch (error) {
        log.warn('[storage] could not clear state', error);
      }
    },
  };
}
