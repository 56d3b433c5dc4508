/**
 * The frame of the signed-in screens (/dashboard, /store, /mouse-test, the
 * profile): top bar, side bar, header, time warning, R6 picker; the screen
 * of the route renders inside. It loads the session's time, the account and
 * the library once it is on screen — the first frame waits for none of them.
 *
 * Under the lock screen it is prepared hidden, with no session (issue 27,
 * app/StationStage.tsx): then it draws the frame for nobody — no name, no
 * time, no station number — and its effects do not run until it is shown.
 */
import { useEffect, type ReactNode } from 'react';
import type { StoredSession } from '../../shared/entities.js';
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

/** What the frame prepared under the lock screen draws in place of a session: nobody's. */
export const NO_SESSION: StoredSession = {
  id: '',
  sessionId: '',
  stationId: '',
  stationNumber: 0,
  username: '',
  isGuest: true,
  startTime: new Date(0).toISOString(),
  macAddress: '',
  ipAddress: '',
  token: '',
  userId: '',
};

export function DashboardFrame({ children }: { children?: ReactNode }) {
  const dashboard = useDashboard();
  const current = useSessionStore(selectSession);
  const sessionId = current?.sessionId ?? null;
  const session = current ?? NO_SESSION;

  useEffect(() => {
    if (!sessionId) return;
    return afterNextPaint(() => dashboard.opened());
  }, [dashboard, sessionId]);

  return (
    <div className="dashboard" data-testid="dashboard-frame">
      <TopBar session={session} />
      <div className="dashboard__body">
        <SideBar />
        <div className="dashboard__content">
          <DashboardHeader session={session} />
          <TimeWarning />
          <main className="dashboard__main">
            {children}
          </main>
        </div>
      </div>
      <R6Picker />
      <SquadPanel />
    </div>
  );
}
