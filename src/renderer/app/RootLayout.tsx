/**
 * The frame of every screen: the connection banner, the station-status
 * overlay (SPEC §2), the navigation guard,
 * and the 'Loading connection information' screen until the shell has told
 * us who this station is.
 */
import { useEffect } from 'react';
import { Outlet, useBlocker, useLocation } from 'react-router-dom';
import { ConnectionBanner } from '../station/ConnectionBanner.js';
import { LockScreen } from '../session/lock/LockScreen.js';
import { useStationStore } from '../station/stationStore.js';
import { StationStatusOverlay } from '../station/StationStatusOverlay.js';
import { ConnectingScreen } from './ConnectingScreen.js';
import { installNavigationGuard } from './navigationGuard.js';
import { usePrefetchAhead } from './screens.js';

export function RootLayout() {
  const hasStationInfo = useStationStore((s) => s.info !== null);
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  usePrefetchAhead(useLocation().pathname);

  useEffect(() => installNavigationGuard(window), []);
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  if (!hasStationInfo) return <ConnectingScreen />;
  return (
    <>
      <ConnectionBanner />
      <Outlet />
      <LockScreen />
      <StationStatusOverlay />
    </>
  );
}
