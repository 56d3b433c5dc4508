/** SPEC §2 dashboard (/dashboard): the games tab inside the frame. */
import { GameGrid } from '../games/GameGrid.js';
import { UNLOCK_MARKS, useFirstPaintMark } from '../core/trace.js';

export function DashboardScreen() {
  useFirstPaintMark(UNLOCK_MARKS.painted);
  return (
    <div className="dashboard-screen" data-testid="dashboard-screen">
      <GameGrid />
    </div>
  );
}
