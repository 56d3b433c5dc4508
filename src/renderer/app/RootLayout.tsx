/**
 * The frame of every screen: the connection banner, the station-status
 * overlay (SPEC §2), the screen of a station the server refuses (issue 22),
 * the lock screen (loaded when first locked), the navigation guard,
 * and the 'Loading connection information' screen until the shell has told
 * us who this station is.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useBlocker, useLocation } from 'react-router-dom';
import { ConnectionBanner } from '../station/ConnectionBanner.js';
import { useLockStore } from '../session/lock/lockService.js';
import { useStationStore } from '../station/stationStore.js';
import { StationStatusOverlay } from '../station/StationStatusOverlay.js';
import { StationTrustScreen } from '../station/StationTrustScreen.js';
import { ConnectingScreen } from './ConnectingScreen.js';
import { installNavigationGuard } from './navigationGuard.js';
import { usePrefetchAhead } from './screens.js';

/** The lock screen is seen only after Ctrl+L: its code loads then, not with the first screen. */
const LockScreen = lazy(() => import('../session/lock/LockScreen.js').then((m) => ({ default: m.LockScreen })));

function LockLayer() {
  const locked = useLockStore((s) => s.locked);
  if (!locked) return null;
  return (
    <Suspense fallback={null}>
      <LockScreen />
    </Suspense>
  );
}

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
      <LockLayer />
      <StationStatusOverlay />
      <StationTrustScreen />
    </>
  );
}
