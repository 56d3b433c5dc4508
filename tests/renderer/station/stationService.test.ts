import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIMME_DATA_RETRY_MS, StationService } from '../../../src/renderer/station/stationService.js';
import { useStationStore } from '../../../src/renderer/station/stationStore.js';
import { createLocalStateStore } from '../../../src/renderer/core/storage/localState.js';
import { FakeBridge, STATION, memoryStorage, silentLog } from '../support/fakes.js';

describe('station setup (GimmeData → HereTheData)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useStationStore.setState({ info: null, details: null });
  });
  afterEach(() => vi.useRealTimers());

  it('asks the shell, repeats until answered, then points HTTP and the socket at serverUrl', () => {
    const bridge = new FakeBridge();
    const api = {
      setBaseUrl: vi.fn(),
      setStationCredential: vi.fn(),
      call: vi.fn(() => new Promise<never>(() => undefined)),
    };
    const onInfo = vi.fn();
    const storage = createLocalStateStore(memoryStorage(), silentLog);
    const service = new StationService({ bridge, api: api as never, storage, onInfo, log: silentLog });
    service.start();
    expect(bridge.commands()).toEqual(['GimmeData']);
    vi.advanceTimersByTime(GIMME_DATA_RETRY_MS);
    expect(bridge.commands()).toEqual(['GimmeData', 'GimmeData']);

    bridge.receive({ command: 'HereTheData', data: STATION });
    expect(useStationStore.getState().info).toEqual(STATION);
    expect(api.setBaseUrl).toHaveBeenCalledWith(STATION.serverUrl);
    expect(onInfo).toHaveBeenCalledWith(STATION);
    expect(storage.read().stationInfo).toEqual({
      stationId: STATION.stationId,
      macAddress: STATION.macAddress,
      ipAddress: STATION.ipAddress,
    });
    vi.advanceTimersByTime(GIMME_DATA_RETRY_MS * 3);
    expect(bridge.commands()).toEqual(['GimmeData', 'GimmeData']);
    service.stop();
  });
});
