/** SPEC §2 dashboard (walking skeleton): header and the game library. */
import { useEffect } from 'react';
import { GameGrid } from '../games/GameGrid.js';
import { SquadPanel } from '../squad/SquadPanel.js';
import { selectSession, useSessionStore } from '../session/sessionStore.js';
import { afterNextPaint } from '../core/time/afterPaint.js';
import { UNLOCK_MARKS, useFirstPaintMark } from '../core/trace.js';
import { DashboardHeader } from './DashboardHeader.js';
import { useDashboard } from './index.js';
import './dashboard.css';

export function DashboardScreen() {
  const dashboard = useDashboard();
  useFirstPaintMark(UNLOCK_MARKS.painted);
  const session = useSessionStore(selectSession);
  const sessionId = session?.sessionId ?? null;

  // The time, the account and the library load once the dashboard is on screen:
  // the first frame (header, clock, the library's loading state) waits for none of them.
  useEffect(() => {
    if (!sessionId) return;
    return afterNextPaint(() => dashboard.opened());
  }, [dashboard, sessionId]);

  // RequireUser guards the route; this covers the instant the session ends.
  if (!session) return null;
  return (
    <div className="dashboard" data-testid="dashboard-screen">
      <DashboardHeader session={session} />
      <main className="dashboard__main">
        <GameGrid />
      </main>
      <SquadPanel />
    </div>
  );
}
