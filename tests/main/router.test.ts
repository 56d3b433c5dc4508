import { describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import type { ShellToRenderer } from '../../src/shared/bridge/protocol.js';
import { createBridgeRouter } from '../../src/main/bridge/router.js';
import type { BridgeRouterDeps } from '../../src/main/bridge/router.js';
import type { LaunchRequest } from '../../src/main/launcher/launcher.js';
import type { OsActions } from '../../src/main/os/actions.js';
import { OsActionError } from '../../src/main/os/actions.js';

const INFO = {
  macAddress: 'AA:BB:CC:DD:EE:FF',
  ipAddress: '192.168.1.9',
  pcName: 'PC-09',
  stationId: 'st-9',
  serverUrl: 'http://cafe:3000',
};

type FakeOs = { [K in keyof OsActions]: Mock<OsActions[K]> };

function fakeOs(): FakeOs {
  return {
    shutdown: vi.fn(async () => {}),
    restart: vi.fn(async () => {}),
    openTaskManager: vi.fn(async () => {}),
    setVolume: vi.fn(async (_percent: number) => {}),
    openSoundSettings: vi.fn(async () => {}),
    openSoundMixer: vi.fn(async () => {}),
    openMouseSettings: vi.fn(async () => {}),
    screenshot: vi.fn(async () => '/data/screenshots/shot.png'),
    renamePc: vi.fn(async (_name: string) => {}),
  };
}

function harness(overrides: Partial<BridgeRouterDeps> = {}) {
  const os = fakeOs();
  const emitted: ShellToRenderer[] = [];
  const lines: string[] = [];
  const launcher = { launch: vi.fn(async (_request: LaunchRequest) => {}) };
  const nfc = { enable: vi.fn(async () => {}), disable: vi.fn(async () => {}) };
  const notify = vi.fn();
  const router = createBridgeRouter({
    os,
    connectionInfo: () => INFO,
    emit: (message) => emitted.push(message),
    log: (line) => lines.push(line),
    launcher,
    nfc,
    notify,
    ...overrides,
  });
  const calls = () =>
    [
      ...(Object.entries(os) as Array<[string, Mock]>).flatMap(([name, fn]) =>
        fn.mock.calls.map((args) => [`os.${name}`, ...args]),
      ),
      ...launcher.launch.mock.calls.map((args) => ['launch', ...args]),
      ...nfc.enable.mock.calls.map(() => ['nfc.enable']),
      ...nfc.disable.mock.calls.map(() => ['nfc.disable']),
    ] as unknown[][];
  return { router, os, emitted, lines, launcher, nfc, notify, calls };
}

describe('bridge router: commands reach the right adapter', () => {
  it('answers GimmeData with HereTheData and StartUp with StartUpCompleted', async () => {
    const h = harness();
    await h.router.handle({ command: 'GimmeData' });
    await h.router.handle({ command: 'StartUp' });
    expect(h.emitted).toEqual([{ command: 'HereTheData', data: INFO }, { command: 'StartUpCompleted' }]);
    expect(h.calls()).toEqual([]);
  });

  it('sets the volume as a number and reports SystemVolumeChanged', async () => {
    const h = harness();
    await h.router.handle({ command: 'SystemSoundVolume', volume: '75' });
    expect(h.os.setVolume).toHaveBeenCalledWith(75);
    expect(h.emitted).toEqual([{ command: 'SystemVolumeChanged', volume: 75 }]);
  });

  it.each([
    ['SystemShutdown', 'shutdown'],
    ['SystemRestart', 'restart'],
    ['OpenTaskManager', 'openTaskManager'],
    ['SystemSoundSettings', 'openSoundSettings'],
    ['SystemSoundMixer', 'openSoundMixer'],
    ['SystemMouseSettings', 'openMouseSettings'],
  ] as const)('%s calls os.%s and nothing else', async (command, action) => {
    const h = harness();
    await h.router.handle({ command });
    expect(h.calls()).toEqual([[`os.${action}`]]);
    expect(h.emitted).toEqual([]);
  });

  it('takes a screenshot and reports its path', async () => {
    const h = harness();
    await h.router.handle({ command: 'ScreenShot' });
    expect(h.emitted).toEqual([{ command: 'ScreenShotTaken', path: '/data/screenshots/shot.png' }]);
  });

  it('a screenshot staff asked for (issue 24) is uploaded beside the queue and answered with its id, or with the reason it failed', async () => {
    let finish: (outcome: { ok: true; id: string; bytes: number; path: string } | { ok: false; id: string; message: string }) => void = () => undefined;
    const take = vi.fn((request: { id: string; uploadPath: string }) => new Promise<Awaited<ReturnType<NonNullable<BridgeRouterDeps['screenshots']>['take']>>>((resolve) => (finish = resolve)).then((o) => ({ ...o, id: request.id })));
    const h = harness({ screenshots: { take } });
    await h.router.handle({ command: 'ScreenShot', id: 'shot_1', uploadPath: '/station-screenshots/shot_1' });
    // The queue is free while the upload runs: the volume is set at once.
    await h.router.handle({ command: 'SystemSoundVolume', volume: '40' });
    expect(take).toHaveBeenCalledWith({ id: 'shot_1', uploadPath: '/station-screenshots/shot_1' });
    expect(h.emitted).toEqual([{ command: 'SystemVolumeChanged', volume: 40 }]);
    finish({ ok: true, id: 'shot_1', bytes: 10, path: 'C:/shots/1.png' });
    await vi.waitFor(() => expect(h.emitted.at(-1)).toEqual({ command: 'ScreenShotTaken', path: 'C:/shots/1.png', id: 'shot_1' }));

    await h.router.handle({ command: 'ScreenShot', id: 'shot_2', uploadPath: '/station-screenshots/shot_2' });
    finish({ ok: false, id: 'shot_2', message: 'The screen could not be captured: no display' });
    await vi.waitFor(() => expect(h.emitted.at(-1)).toEqual({ command: 'CommandFailed', failed: 'ScreenShot', message: 'The screen could not be captured: no display' }));
    expect(h.os.screenshot).not.toHaveBeenCalled();
  });

  it('a shell without an uploader says it cannot send a requested screenshot', async () => {
    const h = harness();
    await h.router.handle({ command: 'ScreenShot', id: 'shot_1', uploadPath: '/station-screenshots/shot_1' });
    expect(h.emitted).toEqual([{ command: 'CommandFailed', failed: 'ScreenShot', message: 'This shell cannot send screenshots to the server.' }]);
  });

  it('renames the PC', async () => {
    const h = harness();
    await h.router.handle({ command: 'RenamePC', newName: 'PC-12' });
    expect(h.calls()).toEqual([['os.renamePc', 'PC-12']]);
  });

  it('switches the NFC reader', async () => {
    const h = harness();
    await h.router.handle({ command: 'NFC_ENABLE' });
    await h.router.handle({ command: 'NFC_DISABLE' });
    expect(h.calls()).toEqual([['nfc.enable'], ['nfc.disable']]);
  });

  it('hands Launch to the launcher, with the centre account when there is one', async () => {
    const h = harness();
    await h.router.handle({ command: 'Launch', Json_ID: 'game-cs2' });
    await h.router.handle({ command: 'Launch', Json_ID: 'game-lol', Account_ID: '3', Username: 'acc3', Password: 's3cret!' });
    expect(h.launcher.launch.mock.calls).toEqual([
      [{ jsonId: 'game-cs2' }],
      [{ jsonId: 'game-lol', account: { accountId: '3', username: 'acc3', password: 's3cret!' } }],
    ]);
  });

  it("hands GameSpecificSettings to the launcher; a launcher that cannot open settings says so (CommandFailed) (issue 24)", async () => {
    const openSettings = vi.fn(async (_jsonId: string) => {});
    const h = harness({ launcher: { launch: vi.fn(async () => {}), openSettings } });
    await h.router.handle({ command: 'GameSpecificSettings', Json_ID: 'game-cs2' });
    expect(openSettings).toHaveBeenCalledWith('game-cs2');
    expect(h.emitted).toEqual([]);

    const bare = harness();
    await bare.router.handle({ command: 'GameSpecificSettings', Json_ID: 'game-cs2' });
    expect(bare.emitted).toEqual([
      { command: 'CommandFailed', failed: 'GameSpecificSettings', message: 'This game has no settings to open on this PC' },
    ]);
  });

  it('SystemIdle is the shell\'s to say, not the renderer\'s: refused from the renderer (issue 24)', async () => {
    const h = harness();
    await h.router.handle({ command: 'SystemIdle' });
    expect(h.notify).not.toHaveBeenCalled();
    expect(h.emitted).toEqual([expect.objectContaining({ command: 'CommandFailed', failed: 'SystemIdle' })]);
  });

  it.each([
    [{ command: 'ScreenLocked' }],
    [{ command: 'ScreenUnlocked' }],
    [{ command: 'UserLogin', Username: 'alice' }],
    [{ command: 'UserLogout' }],
    [{ command: 'AdminLogin', Username: 'boss' }],
    [{ command: 'AdminLogout' }],
    [{ command: 'ConnectionLost' }],
    [{ command: 'ConnectionRestored' }],
    [{ command: 'TimeRemaining', minutes: 5 }],
    [{ command: 'WindowFocus' }],
    [{ command: 'WindowUnfocus' }],
    [{ command: 'SignOutAdmin' }],
    [{ command: 'GamesUpdated' }],
  ])('passes the notification %o on, with no action and no reply', async (message) => {
    const h = harness();
    await h.router.handle(message);
    expect(h.notify).toHaveBeenCalledWith(message);
    expect(h.calls()).toEqual([]);
    expect(h.emitted).toEqual([]);
    expect(h.lines.join('\n')).toContain(message.command);
  });
});

describe('bridge router: invalid messages', () => {
  it.each([
    ['an unknown command', { command: 'FormatDisk' }, 'FormatDisk', /unknown command "FormatDisk"/],
    ['volume 150', { command: 'SystemSoundVolume', volume: '150' }, 'SystemSoundVolume', /volume: volume must be 0 to 100/],
    ['volume abc', { command: 'SystemSoundVolume', volume: 'abc' }, 'SystemSoundVolume', /volume must be 0 to 100/],
    ['a numeric volume', { command: 'SystemSoundVolume', volume: 50 }, 'SystemSoundVolume', /volume/],
    ['Launch without Json_ID', { command: 'Launch', Username: 'u' }, 'Launch', /Json_ID/],
    ['a shell-injection PC name', { command: 'RenamePC', newName: '; rm -rf /' }, 'RenamePC', /PC name must be/],
    ['a PC name with a space', { command: 'RenamePC', newName: 'PC 1' }, 'RenamePC', /PC name must be/],
    ['a string', 'GimmeData', 'unknown', /must be a JSON object/],
    ['null', null, 'unknown', /must be a JSON object/],
    ['no command', { volume: '5' }, 'unknown', /has no command/],
    ['a non-identifier command', { command: '<script>' }, 'unknown', /unknown command$/],
  ])('%s → CommandFailed, a log line and no adapter call', async (_case, raw, failed, reason) => {
    const h = harness();
    await expect(h.router.handle(raw)).resolves.toBeUndefined();
    expect(h.calls()).toEqual([]);
    expect(h.notify).not.toHaveBeenCalled();
    expect(h.emitted).toHaveLength(1);
    const [reply] = h.emitted;
    expect(reply).toMatchObject({ command: 'CommandFailed', failed });
    expect(reply?.command === 'CommandFailed' && reply.message).toMatch(reason);
    expect(h.lines).toHaveLength(1);
    expect(h.lines[0]).toMatch(/^bridge: rejected/);
  });
});

describe('bridge router: ordering', () => {
  it('handles messages one at a time, in arrival order', async () => {
    const os = fakeOs();
    const events: string[] = [];
    let finishFirst: () => void = () => {};
    os.setVolume.mockImplementation(async (percent: number) => {
      events.push(`start ${percent}`);
      if (percent === 10) await new Promise<void>((resolve) => (finishFirst = resolve));
      events.push(`end ${percent}`);
    });
    const h = harness({ os });
    const first = h.router.handle({ command: 'SystemSoundVolume', volume: '10' });
    const second = h.router.handle({ command: 'SystemSoundVolume', volume: '20' });
    const third = h.router.handle({ command: 'Nope' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(['start 10']);
    expect(h.emitted).toEqual([]);
    finishFirst();
    await Promise.all([first, second, third]);
    expect(events).toEqual(['start 10', 'end 10', 'start 20', 'end 20']);
    expect(h.emitted.map((m) => m.command)).toEqual(['SystemVolumeChanged', 'SystemVolumeChanged', 'CommandFailed']);
  });
});

describe('bridge router: failures and secrets', () => {
  it('turns an adapter failure into CommandFailed without throwing', async () => {
    const os = fakeOs();
    os.shutdown.mockRejectedValueOnce(new OsActionError('shutdown.exe failed: access denied'));
    const h = harness({ os });
    await expect(h.router.handle({ command: 'SystemShutdown' })).resolves.toBeUndefined();
    expect(h.emitted).toEqual([
      { command: 'CommandFailed', failed: 'SystemShutdown', message: 'shutdown.exe failed: access denied' },
    ]);
    expect(h.lines.at(-1)).toBe('bridge: SystemShutdown failed: shutdown.exe failed: access denied');
  });

  it('does not report a volume change that failed', async () => {
    const os = fakeOs();
    os.setVolume.mockRejectedValueOnce(new Error('no sound card'));
    const h = harness({ os });
    await h.router.handle({ command: 'SystemSoundVolume', volume: '10' });
    expect(h.emitted).toEqual([{ command: 'CommandFailed', failed: 'SystemSoundVolume', message: 'no sound card' }]);
  });

  it('reports a missing MAC address on GimmeData as CommandFailed', async () => {
    const h = harness({
      connectionInfo: () => {
        throw new Error('No network adapter with a hardware address was found');
      },
    });
    await h.router.handle({ command: 'GimmeData' });
    expect(h.emitted[0]).toMatchObject({ command: 'CommandFailed', failed: 'GimmeData' });
  });

  it('survives an emit that throws', async () => {
    const lines: string[] = [];
    const router = createBridgeRouter({
      os: fakeOs(),
      connectionInfo: () => INFO,
      emit: () => {
        throw new Error('window is gone');
      },
      log: (line) => lines.push(line),
    });
    await expect(router.handle({ command: 'StartUp' })).resolves.toBeUndefined();
    await expect(router.handle({ command: 'Nope' })).resolves.toBeUndefined();
    expect(lines.join('\n')).toMatch(/could not report the failure/);
  });

  it('uses the default launcher, which says there is no launch entry', async () => {
    const emitted: ShellToRenderer[] = [];
    const router = createBridgeRouter({ os: fakeOs(), connectionInfo: () => INFO, emit: (m) => emitted.push(m), log: () => {} });
    await router.handle({ command: 'Launch', Json_ID: 'game-valorant' });
    expect(emitted).toEqual([
      { command: 'CommandFailed', failed: 'Launch', message: 'no launch entry for game-valorant' },
    ]);
  });

  it('never writes a password to a log line, whether the message is valid or not', async () => {
    const password = 'hunter2-Secret';
    const messages = [
      { command: 'Launch', Json_ID: 'game-1', Account_ID: '7', Username: 'acc', Password: password },
      { command: 'Launch', Username: 'acc', Password: password },
      { command: 'Launch', Json_ID: 'game-1', Password: password.repeat(30) },
      { command: 'Launch', Json_ID: 'game-1', Password: password, extra: { Password: password } },
      { command: password },
      { command: 'UserLogin', Username: 'alice', Password: password },
    ];
    for (const launcherFails of [false, true]) {
      const launcher = {
        launch: vi.fn(async (_request: LaunchRequest) => {
          if (launcherFails) throw new Error('no launch entry for game-1');
        }),
      };
      const h = harness({ launcher });
      for (const message of messages) await h.router.handle(message);
      expect(h.lines.length).toBeGreaterThanOrEqual(messages.length);
      for (const line of h.lines) expect(line).not.toContain('hunter2');
      expect(h.lines.join('\n')).toContain('[redacted]');
    }
  });
});
