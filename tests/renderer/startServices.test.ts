/** The composition root's wiring of shell messages: AdminLogout logs out (SPEC §4). */
import { describe, expect, it, vi } from 'vitest';
import { startServices, type Services } from '../../src/renderer/app/services.js';
import { FakeBridge } from './support/fakes.js';

function fakeServices() {
  const bridge = new FakeBridge();
  const off = () => undefined;
  const services = {
    bridge,
    session: { restore: vi.fn(), attach: vi.fn(() => off), logout: vi.fn() },
    commands: { attach: vi.fn(() => off) },
    connection: { on: vi.fn(() => off), disconnect: vi.fn() },
    time: { start: vi.fn(), stop: vi.fn() },
    station: { start: vi.fn(), stop: vi.fn(), info: null },
    heartbeat: { stop: vi.fn() },
    status: { dispose: vi.fn() },
    games: { clear: vi.fn() },
  };
  return { services, bridge };
}

describe('startServices', () => {
  it('restores the session, starts the session clock, and logs out on AdminLogout from the shell', () => {
    const { services, bridge } = fakeServices();
    const stop = startServices(services as unknown as Services);
    expect(services.session.restore).toHaveBeenCalled();
    expect(services.commands.attach).toHaveBeenCalled();
    expect(services.time.start).toHaveBeenCalled();
    bridge.receive({ command: 'AdminLogout' });
    expect(services.session.logout).toHaveBeenCalledWith('admin-logout');
    stop();
    expect(services.time.stop).toHaveBeenCalled();
    expect(services.connection.disconnect).toHaveBeenCalled();
  });
});
