/**
 * The frame of the signed-in screens (/dashboard, /store, /mouse-test, the
 * profile): top bar, side bar, header, time warning, R6 picker; the screen
 * of the route renders inside. It loads the session's time, the account and
 * the library once it is on screen — the first frame waits for none of them.
 */
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { afterNextPaint } from '../core/time/afterPaint.js';
import { selectSession, useSessionStore } from '../session/sessionStore.js';
import { DashboardHeader } from './DashboardHeader.js';
import { useDashboard } from './index.js';
import { SquadPanel } from '../squad/SquadPanel.js';
import { R6Picker } from './R6Picker.js';
import { SideBar } from './SideBar.js';
import { TimeWarning } from './TimeWarning.js';
import { TopBar } from './TopBar.js';
import './dashboard.css';

export function DashboardFrame() {
  const dashboard = useDashboard();
  const session = useSessionStore(selectSession);
  const sessionId = session?.sessionId ?? null;

  useEffect(() => {
    if (!sessionId) return;
    return afterNextPaint(() => dashboard.opened());
  }, [dashboard, sessionId]);

  // RequireUser guards the route; this covers the instant the session ends.
  if (!session) return null;
  return (
    <div className="dashboard" data-testid="dashboard-frame">
      <TopBar session={session} />
      <div className="dashboard__body">
        <SideBar />
        <div className="dashboard__content">
          <DashboardHeader session={session} />
          <TimeWarning />
          <main className="dashboard__main">
            <Outlet />
          </main>
        </div>
      </div>
      <R6Picker />
      <SquadPanel />
    </div>
  );
}
