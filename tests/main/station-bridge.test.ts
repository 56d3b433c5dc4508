import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ShellToRenderer } from '../../src/shared/bridge/protocol.js';
import { createStationBridge } from '../../src/main/bridge/station-bridge.js';
import { createActionRecorder } from '../../src/main/dry-run/recorder.js';
import { createDryRunLauncher } from '../../src/main/launcher/dry-run.js';

describe('station bridge in dry-run mode', () => {
  it('records OS actions, launches (without the password), NFC and notifications in order', async () => {
    const recorder = createActionRecorder(() => new Date('2025-01-01T00:00:00Z'));
    const emitted: ShellToRenderer[] = [];
    const { router } = createStationBridge({
      config: { serverUrl: 'http://cafe:3000', stationId: 'st-1', macAddress: '11:22:33:44:55:66', dataDir: '/data' },
      mode: 'dry-run',
      platform: 'linux',
      emit: (m) => emitted.push(m),
      log: () => {},
      recorder,
      readIdentity: () => ({ macAddress: null, ipAddress: '10.0.0.2', pcName: 'HOST' }),
    });
    await router.handle({ command: 'SystemSoundVolume', volume: '30' });
    await router.handle({ command: 'Launch', Json_ID: 'game-1', Account_ID: '4', Username: 'acc4', Password: 'pw-secret' });
    await router.handle({ command: 'NFC_ENABLE' });
    await router.handle({ command: 'ScreenLocked' });
    await router.handle({ command: 'TimeRemaining', minutes: 5 });
    await router.handle({ command: 'GimmeData' });

    expect(recorder.list()).toEqual([
      { action: 'os.setVolume', args: [30], at: '2025-01-01T00:00:00.000Z' },
      {
        action: 'launcher.launch',
        args: [{ jsonId: 'game-1', accountId: '4', username: 'acc4', withPassword: true }],
        at: '2025-01-01T00:00:00.000Z',
      },
      { action: 'nfc.enable', args: [], at: '2025-01-01T00:00:00.000Z' },
      { action: 'notify.ScreenLocked', args: [], at: '2025-01-01T00:00:00.000Z' },
      { action: 'notify.TimeRemaining', args: [{ minutes: 5 }], at: '2025-01-01T00:00:00.000Z' },
    ]);
    expect(JSON.stringify(recorder.list())).not.toContain('pw-secret');
    expect(emitted).toEqual([
      { command: 'SystemVolumeChanged', volume: 30 },
      { command: 'AppLaunched', JsonID: 'game-1' },
      {
        command: 'HereTheData',
        data: { macAddress: '11:22:33:44:55:66', ipAddress: '10.0.0.2', pcName: 'HOST', stationId: 'st-1', serverUrl: 'http://cafe:3000' },
      },
    ]);
  });

  it('the dry-run launcher reports AppLaunched for the Json_ID', async () => {
    const recorder = createActionRecorder();
    const emitted: ShellToRenderer[] = [];
    await createDryRunLauncher({ recorder, emit: (m) => emitted.push(m) }).launch({ jsonId: 'app-discord' });
    expect(emitted).toEqual([{ command: 'AppLaunched', JsonID: 'app-discord' }]);
    expect(recorder.list()[0]?.args).toEqual([{ jsonId: 'app-discord', withPassword: false }]);
  });
});

describe('station bridge in system mode (issue 24)', () => {
  it('reports its installed games at start and again on GamesUpdated (the catalog is read anew)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spawnpoint-bridge-'));
    writeFileSync(join(dataDir, 'games.json'), JSON.stringify({ games: { 'game-cs2': { uri: 'steam://rungameid/730', process: 'cs2.exe' } } }));
    const reported: string[][] = [];
    const station = createStationBridge({
      config: { serverUrl: 'http://cafe:3000', stationId: 'st-1', macAddress: '11:22:33:44:55:66', dataDir },
      mode: 'system',
      platform: 'darwin',
      emit: () => {},
      log: () => {},
      readIdentity: () => ({ macAddress: null, ipAddress: '10.0.0.2', pcName: 'HOST' }),
      stationCredential: async () => 'sc_station',
      postJson: async (request) => {
        if (request.url.endsWith('/installed')) reported.push((JSON.parse(request.body ?? '{}') as { jsonIds: string[] }).jsonIds);
        return { status: 200, body: JSON.stringify({ installedCount: 1, unknownJsonIds: [] }) };
      },
    });
    await vi.waitFor(() => expect(reported).toEqual([['game-cs2']]));
    // The technician added a game; staff updated the catalogue; the renderer says GamesUpdated.
    writeFileSync(
      join(dataDir, 'games.json'),
      JSON.stringify({ games: { 'game-cs2': { uri: 'steam://rungameid/730', process: 'cs2.exe' }, 'game-570': { uri: 'steam://rungameid/570', process: 'dota2.exe' } } }),
    );
    await station.router.handle({ command: 'GamesUpdated' });
    await vi.waitFor(() => expect(reported).toEqual([['game-cs2'], ['game-cs2', 'game-570']]));
    await station.close();
  });
});


describe('the station reports what it sees running (issue 22)', () => {
  it('a launch and the close the launcher announces reach the server as the running set', async () => {
    const bodies: unknown[] = [];
    const emitted: string[] = [];
    const station = createStationBridge({
      config: { serverUrl: 'http://cafe:3000', stationId: 'st-1', macAddress: '11:22:33:44:55:66', dataDir: '/data' },
      mode: 'dry-run',
      platform: 'linux',
      emit: (m) => emitted.push(m.command),
      log: () => {},
      readIdentity: () => ({ macAddress: null, ipAddress: '10.0.0.2', pcName: 'HOST' }),
      stationCredential: async () => 'spst_station',
      postJson: async (request) => {
        if (request.url.endsWith('/game-play-tracking/station/st-1/running')) bodies.push(JSON.parse(request.body));
        return { status: 200, body: '{}' };
      },
    });
    await station.router.handle({ command: 'Launch', Json_ID: 'game-cs2' });
    station.apps?.close('game-cs2');
    await vi.waitFor(() => expect(bodies).toEqual([{ jsonIds: ['game-cs2'] }, { jsonIds: [] }]));
    expect(emitted).toEqual(['AppLaunched', 'AppClosed']);
    await station.close();
  });
});
