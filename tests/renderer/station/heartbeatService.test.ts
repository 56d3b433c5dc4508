import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { Emitter } from '../../../src/renderer/core/events.js';
import { HeartbeatService, followServerHeartbeat } from '../../../src/renderer/station/heartbeatService.js';
import type { ServerToClientPayloads } from '../../../src/shared/socket/events.js';
import { INITIAL_HEARTBEAT_STATE, useHeartbeatStore } from '../../../src/renderer/station/heartbeatStore.js';
import type { HeartbeatBody } from '../../../src/shared/api/routes.js';
import { STATION, silentLog } from '../support/fakes.js';

/** Let the awaited post settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function setup(post: (body: HeartbeatBody) => Promise<unknown>) {
  const spy = vi.fn(post);
  const service = new HeartbeatService({ post: spy, getStation: () => STATION, log: silentLog });
  return { service, post: spy };
}

describe('heartbeat (SPEC §4, §7, §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T10:00:00.000Z'));
    useHeartbeatStore.setState({ ...INITIAL_HEARTBEAT_STATE });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is inactive until started, then sends at once and every 20 000 ms', async () => {
    const { service, post } = setup(() => Promise.resolve({ success: true }));
    vi.advanceTimersByTime(60_000);
    expect(post).not.toHaveBeenCalled();
    expect(useHeartbeatStore.getState().active).toBe(false);

    service.start();
    await settle();
    expect(useHeartbeatStore.getState().active).toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('sends the station, MAC, IP and metadata {pcName, clientVersion, timestamp}', async () => {
    const { service, post } = setup(() => Promise.resolve({}));
    service.start();
    await settle();
    expect(post).toHaveBeenCalledWith({
      stationId: STATION.stationId,
      ipAddress: STATION.ipAddress,
      macAddress: STATION.macAddress,
      metadata: { pcName: STATION.pcName, clientVersion: '1.0.0', timestamp: '2025-06-01T10:00:00.000Z' },
    });
  });

  it('hands each answer, as it came, to its readers; a reader that throws is not a failed heartbeat (issue 26)', async () => {
    const answers: unknown[] = [{ success: true, meter: null }, {}];
    const { service } = setup(() => Promise.resolve(answers.shift()));
    const heard: unknown[] = [];
    service.onAnswer((answer) => heard.push(answer));
    const off = service.onAnswer(() => {
      throw new Error('a broken reader');
    });
    service.start();
    await settle();
    expect(heard).toEqual([{ success: true, meter: null }]);
    expect(useHeartbeatStore.getState()).toMatchObject({ consecutiveErrors: 0, lastError: null });
    off();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(heard).toEqual([{ success: true, meter: null }, {}]);
    expect(useHeartbeatStore.getState().consecutiveErrors).toBe(0);
    service.stop();
  });

  it('keeps going after failures, counts consecutive errors and resets on success', async () => {
    const outcomes: Array<'fail' | 'ok'> = ['fail', 'fail', 'fail', 'ok', 'fail'];
    const { service, post } = setup(() =>
      outcomes.shift() === 'ok'
        ? Promise.resolve({})
        : Promise.reject(new ApiError('Request failed with status code 503', 'http', 503, 'Service Unavailable')),
    );
    service.start();
    await settle();
    expect(useHeartbeatStore.getState().consecutiveErrors).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(useHeartbeatStore.getState().consecutiveErrors).toBe(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(useHeartbeatStore.getState().consecutiveErrors).toBe(0);
    expect(useHeartbeatStore.getState().lastError).toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(useHeartbeatStore.getState().consecutiveErrors).toBe(1);
    expect(post).toHaveBeenCalledTimes(5);
    expect(useHeartbeatStore.getState().active).toBe(true);
  });

  it("records 'status code and text' for an HTTP failure", async () => {
    const { service } = setup(() =>
      Promise.reject(new ApiError('Request failed with status code 500', 'http', 500, 'Internal Server Error')),
    );
    service.start();
    await settle();
    expect(useHeartbeatStore.getState().lastError).toBe('500 Internal Server Error');
  });

  it('records the error message when there is no response', async () => {
    const { service } = setup(() => Promise.reject(new Error('Network Error')));
    service.start();
    await settle();
    expect(useHeartbeatStore.getState().lastError).toBe('Network Error');
  });

  it('stops on stop()', async () => {
    const { service, post } = setup(() => Promise.resolve({}));
    service.start();
    await settle();
    service.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(post).toHaveBeenCalledTimes(1);
    expect(useHeartbeatStore.getState().active).toBe(false);
  });

  it('the server asks for a heartbeat (stationHeartbeat): one is sent at once, only while active (issue 24)', async () => {
    const { service, post } = setup(() => Promise.resolve({}));
    const connection = new Emitter<ServerToClientPayloads>();
    followServerHeartbeat({ connection, heartbeat: service, getStationId: () => STATION.stationId });
    connection.emit('stationHeartbeat', {});
    await settle();
    expect(post).not.toHaveBeenCalled();

    service.start();
    await settle();
    expect(post).toHaveBeenCalledTimes(1);
    connection.emit('stationHeartbeat', { stationId: STATION.stationId });
    await settle();
    expect(post).toHaveBeenCalledTimes(2);
    // Another station's request is not ours.
    connection.emit('stationHeartbeat', { stationId: 'station-2' });
    await settle();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('the server heard a heartbeat (stationHeartbeatAck): the failure streak and its banner end (issue 24)', async () => {
    const { service } = setup(() => Promise.reject(new Error('timeout')));
    const connection = new Emitter<ServerToClientPayloads>();
    followServerHeartbeat({ connection, heartbeat: service, getStationId: () => STATION.stationId });
    service.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(useHeartbeatStore.getState().consecutiveErrors).toBe(3);
    connection.emit('stationHeartbeatAck', { stationId: 'station-2' });
    expect(useHeartbeatStore.getState().consecutiveErrors).toBe(3);
    connection.emit('stationHeartbeatAck', {});
    expect(useHeartbeatStore.getState()).toMatchObject({ consecutiveErrors: 0, lastError: null, lastAckAt: '2025-06-01T10:00:40.000Z' });
  });
});
