/** SPEC §2/§5/§9 service calls: the endpoint by account kind, the 5-minute cooldown per type, the §8 texts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceCallClient, serviceCallGuest } from '../../../src/shared/api/profile.js';
import { SERVICE_CALL_COOLDOWN_MS } from '../../../src/shared/constants.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { formatWait, ServiceCallService } from '../../../src/renderer/dashboard/serviceCalls.js';
import { silentLog } from '../support/fakes.js';

function setup(caller = { stationId: 'st-01' as string | null, stationNumber: 1 as number | null, isGuest: false }) {
  const call = vi.fn((_route: unknown, _options?: unknown) => Promise.resolve({ success: true }));
  const service = new ServiceCallService({ api: { call } as never, caller: () => caller, log: silentLog });
  return { call, service, caller };
}

describe('service calls (SPEC §9: 5 minutes per type)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('sends once, refuses a second call of the same type for 5 minutes saying how long is left, then sends again', async () => {
    const { call, service } = setup();
    expect(await service.call('waiter')).toEqual({ ok: true, message: { key: 'serviceCall.sent.waiter' } });
    expect(call).toHaveBeenCalledWith(serviceCallClient, {
      body: { type: 'waiter', stationId: 'st-01', message: 'Service requested at station 1' },
    });

    vi.advanceTimersByTime(60_000);
    expect(await service.call('waiter')).toEqual({
      ok: false,
      message: { key: 'serviceCall.cooldown.waiter', values: { time: '4:00' } },
    });
    // The other type has its own cooldown.
    expect((await service.call('technical')).ok).toBe(true);
    expect(call).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(SERVICE_CALL_COOLDOWN_MS - 60_000 - 1);
    expect((await service.call('waiter')).ok).toBe(false);
    vi.advanceTimersByTime(1);
    expect((await service.call('waiter')).ok).toBe(true);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('a guest calls the guest endpoint', async () => {
    const { call, service } = setup({ stationId: 'st-04', stationNumber: 4, isGuest: true });
    await service.call('technical');
    expect(call.mock.calls[0]?.[0]).toBe(serviceCallGuest);
  });

  it("without a station: 'No station ID available', nothing sent", async () => {
    const { call, service } = setup({ stationId: null, stationNumber: null, isGuest: false });
    expect(await service.call('waiter')).toEqual({ ok: false, message: { key: 'error.serviceCall.noStation' } });
    expect(call).not.toHaveBeenCalled();
  });

  it("a failed call: 'Failed to send service call', and no cooldown starts", async () => {
    const { call, service } = setup();
    call.mockRejectedValueOnce(new ApiError('Network Error', 'network'));
    expect(await service.call('waiter')).toEqual({ ok: false, message: { key: 'error.serviceCall.failed' } });
    expect((await service.call('waiter')).ok).toBe(true);
  });

  it("the server's 429 starts the wait it names (Retry-After)", async () => {
    const { call, service } = setup();
    call.mockRejectedValueOnce(new ApiError('Too Many Requests', 'http', 429, 'Too Many Requests', 'wait', 125));
    expect(await service.call('waiter')).toEqual({
      ok: false,
      message: { key: 'serviceCall.cooldown.waiter', values: { time: '2:05' } },
    });
    vi.advanceTimersByTime(125_000);
    expect((await service.call('waiter')).ok).toBe(true);
  });

  it('two clicks at once send one call', async () => {
    const { call, service } = setup();
    const [a, b] = await Promise.all([service.call('waiter'), service.call('waiter')]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('formats a wait as m:ss, rounding up to the second', () => {
    expect(formatWait(SERVICE_CALL_COOLDOWN_MS)).toBe('5:00');
    expect(formatWait(61_001)).toBe('1:02');
    expect(formatWait(1)).toBe('0:01');
  });
});
