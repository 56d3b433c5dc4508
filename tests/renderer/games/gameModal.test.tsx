/** The game modal and the games feature toward the shell (issue 24): settings, GamesUpdated. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useGamesStore } from '../../../src/renderer/games/gamesStore.js';
import { format } from '../../../src/shared/i18n/en.js';
import type { GameEntry } from '../../../src/shared/entities.js';
import { STATION } from '../support/fakes.js';
import { GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

const CS2: GameEntry = {
  Json_ID: 'game-cs2',
  Name: 'Counter-Strike 2',
  Thumbnail: '',
  Platform: 3,
  Categories: [16, 11, 0],
  IsMultiPlatform: false,
  App_ID: '730',
};

function openDashboard() {
  useGamesStore.setState({ status: 'loaded', entries: [CS2] });
  return renderApp('/dashboard', { session: GUEST_SESSION, start: true });
}

describe('game modal toward the shell (issue 24)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it("'Game settings' asks the shell for the game's own settings (GameSpecificSettings); a shell that has none says so", async () => {
    const { bridge, core } = openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Game settings' }));
    expect(bridge.sent).toContainEqual({ command: 'GameSpecificSettings', Json_ID: 'game-cs2' });
    act(() => bridge.receive({ command: 'CommandFailed', failed: 'GameSpecificSettings', message: 'This game has no settings to open on this PC' }));
    await waitFor(() => expect(core.toasts.error).toContainEqual('error.shell.settings'));
    expect(format('error.shell.settings')).toBe("This game's settings cannot be opened on this PC. Ask staff for help.");
  });

  it("the cafe's catalogue changed (games:updated global, global_bulk): the shell reports its games again (GamesUpdated); never for the station's own report", () => {
    const { bridge, core } = openDashboard();
    core.connection.connect(STATION);
    const socket = core.sockets.at(-1)!;
    socket.fire('connect');
    socket.fire('games:updated', { type: 'station_report' });
    expect(bridge.commands()).not.toContain('GamesUpdated');
    socket.fire('games:updated', { type: 'global' });
    socket.fire('games:updated', { type: 'global_bulk' });
    expect(bridge.commands().filter((c) => c === 'GamesUpdated')).toHaveLength(2);
  });

  it("cards carry their platforms' icons and, while it plays, the minutes played; launcher chips show the platform's icon, no scaled-down picture (issue 24)", () => {
    const steam: GameEntry = { Json_ID: 'plat-steam', Name: 'Steam', Thumbnail: '/cafe-settings/media/steam.png', Platform: 3, Categories: [], IsMultiPlatform: false, App_ID: null };
    useGamesStore.setState({
      status: 'loaded',
      entries: [steam, CS2, { ...CS2, Json_ID: 'game-cs2-epic', Platform: 4 }],
      playing: { 'game-cs2': { jsonId: 'game-cs2', name: 'Counter-Strike 2', startTime: '2025-01-01T10:00:00Z', elapsedTimeMinutes: 42 } },
    });
    renderApp('/dashboard', { session: GUEST_SESSION });
    const card = screen.getByTestId('game-card');
    const icons = [...card.querySelectorAll('[data-platform-icon]')].map((icon) => icon.getAttribute('data-platform-icon'));
    expect(icons).toEqual(['3', '4']);
    expect(screen.getByTestId('game-card-playing').textContent).toBe('Playing · 42 min');
    const chip = document.querySelector('.launcher[data-json-id="plat-steam"]')!;
    expect(chip.querySelector('[data-platform-icon="3"]')).not.toBeNull();
    expect(chip.querySelector('img, [data-testid="game-default-icon"]')).toBeNull();
  });

  it('Escape closes the game modal (issue 24)', async () => {
    openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    const modal = await screen.findByTestId('game-modal');
    fireEvent.keyDown(modal, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('game-modal')).toBeNull());
  });

  it("after a launch the modal says the game is running (the shell's AppLaunched) until it closes (issue 24)", async () => {
    const { bridge } = openDashboard();
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    await screen.findByTestId('game-modal');
    expect(screen.queryByTestId('game-running')).toBeNull();
    act(() => bridge.receive({ command: 'AppLaunched', JsonID: 'game-cs2' }));
    expect(screen.getByTestId('game-running').textContent).toBe('Counter-Strike 2 is running. Switch to it to play.');
    act(() => bridge.receive({ command: 'AppClosed', JsonID: 'game-cs2' }));
    expect(screen.queryByTestId('game-running')).toBeNull();
  });
});

