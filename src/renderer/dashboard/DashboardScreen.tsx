/** SPEC §2 dashboard (walking skeleton): header and the game library. */
import { useEffect } from 'react';
import { GameGrid } from '../games/GameGrid.js';
import { selectSession, useSessionStore } from '../session/sessionStore.js';
import { DashboardHeader } from './DashboardHeader.js';
import { useDashboard } from './index.js';
import './dashboard.css';

export function DashboardScreen() {
  const dashboard = useDashboard();
  const session = useSessionStore(selectSession);
  const sessionId = session?.sessionId ?? null;

  useEffect(() => {
    if (!sessionId) return;
    dashboard.opened();
  }, [dashboard, sessionId]);

  // RequireUser guards the route; this covers the instant the session ends.
  if (!session) return null;
  return (
    <div className="dashboard" data-testid="dashboard-screen">
      <DashboardHeader session={session} />
      <main className="dashboard__main">
        <GameGrid />
      </main>
    </div>
  );
}
