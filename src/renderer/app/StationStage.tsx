/**
 * The lock screen (the login screen a station shows between sessions) and the
 * signed-in frame, side by side (issue 27). While the lock screen idles, the
 * dashboard's first layout is prepared under it in a hidden `<Activity>`: its
 * chunks are fetched, its modules run and its first render is done before any
 * unlock, so an unlock only reveals it and fills in the session's data.
 *
 * - Prepared only once the lock screen's first frame is painted, in idle time.
 * - Hidden, it is `display: none` (React's Activity): nothing of it can be
 *   seen, clicked or focused, and none of its effects run (no timer, no
 *   subscription, no load): the idle lock screen pays nothing for it.
 * - It never holds a customer: it is prepared with no session (the games tab
 *   empty, as §4 wants outside a session); the tree a session used is thrown
 *   away the moment the session ends, and a fresh one is prepared under the
 *   next lock screen (again if the language changes meanwhile).
 */
import { Activity, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useOutlet } from 'react-router-dom';
import { afterNextPaint } from '../core/time/afterPaint.js';
import { useGames } from '../games/index.js';
import { useSquadFeature } from '../squad/index.js';
import { selectIsSignedIn, useSessionStore } from '../session/sessionStore.js';
import { ROUTES } from './paths.js';
import { whenIdle, type PreloadableScreen } from './screens.js';

/** The paths drawn inside the dashboard frame. */
export const FRAME_PATHS: ReadonlySet<string> = new Set([ROUTES.dashboard, ROUTES.store, ROUTES.inputTest, ROUTES.profile]);

interface Stage {
  /** The frame tree's key: a new generation is a new tree. */
  generation: number;
  /** A session has been shown in this generation's tree (it is never hidden again). */
  used: boolean;
  /** The language this generation was prepared in, once prepared under the lock screen. */
  preparedIn: string | null;
}

export function StationStage({ frame, dashboard }: { frame: PreloadableScreen; dashboard: PreloadableScreen }) {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const signedIn = useSessionStore(selectIsSignedIn);
  const { i18n } = useTranslation();
  const games = useGames();
  const squad = useSquadFeature();
  const [stage, setStage] = useState<Stage>({ generation: 0, used: false, preparedIn: null });
  const [, setLoaded] = useState(0);
  const inFrame = FRAME_PATHS.has(pathname);
  const onDashboard = pathname === ROUTES.dashboard;
  const showing = inFrame && signedIn;
  const language = i18n.language;

  // Adjusted while rendering (React's "state from the previous render"), so the tree
  // a session used is gone in the very commit that hides it.
  if (showing && !stage.used) setStage({ ...stage, used: true });
  const stale = !showing && (stage.used || (stage.preparedIn !== null && stage.preparedIn !== language));
  if (stale) setStage({ generation: stage.generation + 1, used: false, preparedIn: null });

  const Frame = frame.current() as ComponentType<{ children?: ReactNode }> | null;
  const Screen = dashboard.current();
  const needsScreen = onDashboard || !inFrame;

  // Prepare under the lock screen: after its first paint, when the page is idle.
  useEffect(() => {
    if (inFrame || signedIn || stale || stage.preparedIn !== null) return;
    let cancelIdle: (() => void) | null = null;
    let cancelled = false;
    const cancelPaint = afterNextPaint(() => {
      cancelIdle = whenIdle(() => {
        Promise.all([frame.load(), dashboard.load(), games.prefetch(), squad.prefetch()]).then(
          () => {
            if (!cancelled) setStage((s) => (s.generation === stage.generation ? { ...s, preparedIn: language } : s));
          },
          (error: unknown) => console.warn('[stage] could not prepare the dashboard', error),
        );
      });
    });
    return () => {
      cancelled = true;
      cancelPaint();
      cancelIdle?.();
    };
  }, [inFrame, signedIn, stale, stage.preparedIn, stage.generation, language, frame, dashboard, games, squad]);

  // A signed-in path whose chunk is not here yet (the router loads it before it navigates; this covers the rest).
  useEffect(() => {
    if (!showing || (Frame && (Screen || !needsScreen))) return;
    let cancelled = false;
    Promise.all([frame.load(), needsScreen ? dashboard.load() : null]).then(
      () => !cancelled && setLoaded((n) => n + 1),
      (error: unknown) => console.warn('[stage] could not load the dashboard', error),
    );
    return () => {
      cancelled = true;
    };
  }, [showing, Frame, Screen, needsScreen, frame, dashboard]);

  const drawn = !stale && (showing || stage.preparedIn !== null) && Frame && (Screen || !needsScreen);
  return (
    <>
      {/* The lock screen; on /dashboard the route's guard (its redirect when signed out). */}
      {needsScreen ? outlet : null}
      {drawn ? (
        <Activity key={stage.generation} mode={showing ? 'visible' : 'hidden'} name="dashboard">
          <Suspense fallback={null}>
            <Frame>{needsScreen && Screen ? <Screen /> : outlet}</Frame>
          </Suspense>
        </Activity>
      ) : null}
    </>
  );
}
