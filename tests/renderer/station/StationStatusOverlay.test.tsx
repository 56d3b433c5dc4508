import { cleanup, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  followStationStatus,
  overlayTitleKey,
  seedStationStatus,
  useStationStatusStore,
} from '../../../src/renderer/station/stationStatus.js';
import { initI18n } from '../../../src/renderer/core/i18n/i18n.js';
import { format } from '../../../src/shared/i18n/en.js';
import { STATION } from '../support/fakes.js';
import { renderApp, resetStores } from '../support/renderApp.js';

describe('station-status overlay (SPEC §2)', () => {
  beforeEach(() => {
    resetStores();
    useStationStatusStore.setState({ status: null, stationNumber: null, message: null, until: null });
  });
  afterEach(cleanup);

  it.each([
    ['maintenance', 'Station Under Maintenance'],
    ['offline', 'Station Offline'],
    ['reserved', 'Station Reserved'],
    ['cleaning', 'Station Not Available'],
  ])('%s shows %s, the station number and who set it', (status, title) => {
    renderApp('/login');
    act(() => useStationStatusStore.setState({ status, stationNumber: 7 }));
    const overlay = screen.getByRole('alertdialog');
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(overlay.textContent).toContain(`Station 7 is currently ${status}`);
    expect(overlay.textContent).toContain('This status was set by an administrator');
  });

  it('in Arabic names a known status in words and shows any other as the server names it', async () => {
    const i18n = initI18n();
    await act(() => i18n.changeLanguage('ar'));
    try {
      renderApp('/login');
      act(() => useStationStatusStore.setState({ status: 'maintenance', stationNumber: 7 }));
      expect(screen.getByRole('alertdialog').textContent).toContain('الجهاز 7 حالياً قيد الصيانة');
      act(() => useStationStatusStore.setState({ status: 'cleaning' }));
      expect(screen.getByRole('alertdialog').textContent).toContain('الجهاز 7 حالياً cleaning');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('available and in_use show nothing', () => {
    renderApp('/login');
    act(() => useStationStatusStore.setState({ status: 'maintenance', stationNumber: 7 }));
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    act(() => useStationStatusStore.setState({ status: 'available' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => useStationStatusStore.setState({ status: 'in_use' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(overlayTitleKey(null)).toBeNull();
  });

  it("follows stationStatusChanged for this station only; the details' status is the start value", () => {
    const handlers: Array<(p: { stationId: string; status: string; stationNumber?: number }) => void> = [];
    const off = followStationStatus({
      connection: { on: ((_event: string, handler: (typeof handlers)[number]) => (handlers.push(handler), () => undefined)) as never },
      getStationId: () => STATION.stationId,
    });
    seedStationStatus('reserved');
    expect(useStationStatusStore.getState().status).toBe('reserved');
    handlers[0]!({ stationId: 'station-2', status: 'maintenance', stationNumber: 2 });
    expect(useStationStatusStore.getState().status).toBe('reserved');
    handlers[0]!({ stationId: STATION.stationId, status: 'maintenance', stationNumber: 4 });
    expect(useStationStatusStore.getState()).toEqual({ status: 'maintenance', stationNumber: 4, message: null, until: null });
    seedStationStatus('available'); // a later details load does not undo a live change
    expect(useStationStatusStore.getState().status).toBe('maintenance');
    expect(format('status.text', { number: 4, status: 'maintenance' })).toBe('Station 4 is currently maintenance');
    off();
  });

  it('a lock from our server: the SPEC title and line, then staff’s message on a line of its own', () => {
    renderApp('/login');
    act(() => useStationStatusStore.setState({ status: 'locked', stationNumber: 2, message: 'Please come to the desk' }));
    const overlay = screen.getByRole('alertdialog');
    expect(screen.getByRole('heading', { name: 'Station Not Available' })).toBeTruthy();
    const lines = [...overlay.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual(['Station 2 is currently locked', 'This status was set by an administrator', 'Please come to the desk']);
    expect(overlay.textContent).not.toContain('currently Please come');
  });

  it('a hold from our server says until when (never for whom)', () => {
    renderApp('/login');
    const until = new Date(2026, 10, 27, 18, 30).toISOString();
    act(() => useStationStatusStore.setState({ status: 'reserved', stationNumber: 5, until }));
    expect(screen.getByTestId('station-status-until').textContent).toBe('Until 18:30');
  });

  it('a server that sends only a status (SPEC): exactly the SPEC’s texts, nothing more; a later bare status clears a message', () => {
    const handlers: Array<(p: { stationId: string; status: string; stationNumber?: number; message?: string; until?: string }) => void> = [];
    const off = followStationStatus({
      connection: { on: ((_event: string, handler: (typeof handlers)[number]) => (handlers.push(handler), () => undefined)) as never },
      getStationId: () => STATION.stationId,
    });
    renderApp('/login');
    act(() => handlers[0]!({ stationId: STATION.stationId, status: 'locked', stationNumber: 3, message: 'Back at 6' }));
    expect(screen.getByTestId('station-status-message').textContent).toBe('Back at 6');
    act(() => handlers[0]!({ stationId: STATION.stationId, status: 'maintenance', stationNumber: 3 }));
    const lines = [...screen.getByRole('alertdialog').querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual(['Station 3 is currently maintenance', 'This status was set by an administrator']);
    off();
  });
});
