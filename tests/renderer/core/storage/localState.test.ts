import { describe, expect, it, vi } from 'vitest';
import { EMPTY_LOCAL_STATE, createLocalStateStore } from '../../../../src/renderer/core/storage/localState.js';
import { STORAGE_KEY } from '../../../../src/shared/constants.js';
import type { StoredSession } from '../../../../src/shared/entities.js';
import { STATION, memoryStorage } from '../../support/fakes.js';

const session: StoredSession = {
  id: 's-1',
  sessionId: 's-1',
  stationId: STATION.stationId,
  stationNumber: 4,
  username: 'ali',
  isGuest: false,
  startTime: '2025-06-01T10:00:00.000Z',
  macAddress: STATION.macAddress,
  ipAddress: STATION.ipAddress,
  token: 't',
  userId: 'u-1',
};

describe('local state (SPEC §3)', () => {
  it("uses the one key 'spawnpoint' and round-trips the state", () => {
    const storage = memoryStorage();
    const store = createLocalStateStore(storage);
    store.update({ session });
    expect(STORAGE_KEY).toBe('spawnpoint');
    expect(JSON.parse(storage.data.get('spawnpoint')!)).toEqual({ ...EMPTY_LOCAL_STATE, session });
    expect(store.read().session).toEqual(session);
  });

  it('starts clean from corrupt JSON, with a log line, and never throws', () => {
    const log = { warn: vi.fn() };
    const store = createLocalStateStore(memoryStorage({ spawnpoint: '{"session": ' }), log);
    expect(store.read()).toEqual(EMPTY_LOCAL_STATE);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('starts clean from a wrong shape', () => {
    const log = { warn: vi.fn() };
    const wrong = JSON.stringify({ session: { id: 1 }, stationInfo: null, redirectFlag: 'yes' });
    const store = createLocalStateStore(memoryStorage({ spawnpoint: wrong }), log);
    expect(store.read()).toEqual(EMPTY_LOCAL_STATE);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('overwrites a corrupt value on the next write', () => {
    const storage = memoryStorage({ spawnpoint: 'oops' });
    const store = createLocalStateStore(storage, { warn: () => undefined });
    store.update({ redirectFlag: true });
    expect(store.read()).toEqual({ ...EMPTY_LOCAL_STATE, redirectFlag: true });
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const store = createLocalStateStore(throwing, { warn: () => undefined });
    expect(store.read()).toEqual(EMPTY_LOCAL_STATE);
    expect(() => store.update({ session })).not.toThrow();
  });
});
