/** The socket.io client loads on the first connect: listeners wait for it, a disconnect cancels it, a failed load is a connect_error. */
import { describe, expect, it, vi } from 'vitest';
import { LazySocket } from '../../../../src/renderer/core/connection/lazySocket.js';
import type { StationSocket } from '../../../../src/renderer/core/connection/connectionService.js';

function realSocket() {
  const on = vi.fn();
  return { on, emit: vi.fn(), disconnect: vi.fn(), removeAllListeners: vi.fn() } satisfies StationSocket;
}

describe('LazySocket', () => {
  it('attaches the listeners given before the library loaded, then forwards', async () => {
    const real = realSocket();
    const io = vi.fn(() => real);
    const socket = new LazySocket('http://cafe/events', { forceNew: true }, () => Promise.resolve(io));
    const onConnect = vi.fn();
    socket.on('connect', onConnect);
    await vi.waitFor(() => expect(io).toHaveBeenCalledWith('http://cafe/events', { forceNew: true }));
    expect(real.on).toHaveBeenCalledWith('connect', onConnect);
    socket.emit('station_status_update', { status: 'available' });
    expect(real.emit).toHaveBeenCalledWith('station_status_update', { status: 'available' });
    socket.disconnect();
    expect(real.disconnect).toHaveBeenCalled();
  });

  it('a disconnect before the load opens no socket', async () => {
    const io = vi.fn(() => realSocket());
    let resolve: (f: typeof io) => void = () => undefined;
    const socket = new LazySocket('http://cafe/events', {}, () => new Promise((r) => (resolve = r)));
    socket.disconnect();
    resolve(io);
    await new Promise((r) => setTimeout(r, 0));
    expect(io).not.toHaveBeenCalled();
  });

  it('a failed load is reported as connect_error (the service retries)', async () => {
    const socket = new LazySocket('http://cafe/events', {}, () => Promise.reject(new Error('chunk missing')));
    const onError = vi.fn();
    socket.on('connect_error', onError);
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(String(onError.mock.calls[0]?.[0])).toContain('chunk missing');
  });
});
