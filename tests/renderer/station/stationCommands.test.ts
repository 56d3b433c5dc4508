import { describe, expect, it, vi } from 'vitest';
import { StationCommandHandler } from '../../../src/renderer/station/stationCommands.js';
import { COMMAND_DEDUP_WINDOW_MS } from '../../../src/shared/constants.js';
import type { StationCommandName } from '../../../src/shared/socket/events.js';
import { FakeBridge, STATION, silentLog } from '../support/fakes.js';

function setup() {
  const bridge = new FakeBridge();
  let now = 1_000_000;
  const logout = vi.fn();
  const notifyError = vi.fn();
  const handler = new StationCommandHandler({
    connection: { on: () => () => undefined },
    bridge,
    getStationId: () => STATION.stationId,
    logout,
    notifyError,
    nowMs: () => now,
    log: silentLog,
  });
  const command = (name: StationCommandName, extra: { timestamp?: string; stationId?: string; newName?: string } = {}) =>
    handler.handle({ command: name, stationId: STATION.stationId, timestamp: '2025-06-01T10:00:00.000Z', ...extra });
  return { handler, bridge, logout, notifyError, command, advance: (ms: number) => (now += ms) };
}

describe('station commands (SPEC §4, §7; §9 dedup window 3 s)', () => {
  it.each([
    ['OPEN_TASK_MANAGER', 'OpenTaskManager'],
    ['RESTART_PC', 'SystemRestart'],
    ['RESTART', 'SystemRestart'],
    ['SHUTDOWN_PC', 'SystemShutdown'],
    ['SHUTDOWN', 'SystemShutdown'],
  ] as const)('%s reaches the shell as %s', (name, shell) => {
    const { bridge, command } = setup();
    expect(command(name)).toBe(true);
    expect(bridge.sent).toEqual([{ command: shell }]);
  });

  it('LOGOUT_USER logs the user out', () => {
    const { bridge, logout, command } = setup();
    command('LOGOUT_USER');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(bridge.sent).toEqual([]);
  });

  it('RENAME_PC sends RenamePC with newName; an unusable name shows PC Rename Failed instead', () => {
    const { bridge, notifyError, command } = setup();
    command('RENAME_PC', { newName: 'PC-07' });
    expect(bridge.sent).toEqual([{ command: 'RenamePC', newName: 'PC-07' }]);
    command('RENAME_PC', { newName: 'rm -rf /; echo', timestamp: 't2' });
    command('RENAME_PC', { timestamp: 't3' });
    expect(bridge.sent).toHaveLength(1);
    expect(notifyError).toHaveBeenCalledTimes(2);
    expect(notifyError).toHaveBeenCalledWith('command.renameFailed');
  });

  it("ignores another station's command", () => {
    const { bridge, logout, command } = setup();
    expect(command('SHUTDOWN_PC', { stationId: 'station-2' })).toBe(false);
    expect(command('LOGOUT_USER', { stationId: 'station-2' })).toBe(false);
    expect(bridge.sent).toEqual([]);
    expect(logout).not.toHaveBeenCalled();
  });

  it('runs the same command, station and timestamp once within 3 000 ms, again after', () => {
    const { bridge, command, advance } = setup();
    command('OPEN_TASK_MANAGER');
    advance(COMMAND_DEDUP_WINDOW_MS - 1);
    expect(command('OPEN_TASK_MANAGER')).toBe(false);
    expect(bridge.sent).toHaveLength(1);
    advance(1);
    expect(command('OPEN_TASK_MANAGER')).toBe(true);
    expect(bridge.sent).toHaveLength(2);
  });

  it('a different timestamp or command is not a duplicate', () => {
    const { bridge, command } = setup();
    command('OPEN_TASK_MANAGER');
    command('OPEN_TASK_MANAGER', { timestamp: '2025-06-01T10:00:01.000Z' });
    command('RESTART_PC');
    expect(bridge.commands()).toEqual(['OpenTaskManager', 'OpenTaskManager', 'SystemRestart']);
  });
});
