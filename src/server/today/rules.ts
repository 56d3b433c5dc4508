/** The day's arithmetic: occupancy by hour and sums (pure). */
const HOUR = 60 * 60 * 1000;

/** Share (%) of the stations with a session during each hour of the day since `midnight`; hours to come are 0. */
export function occupancyByHour(
  midnight: number,
  now: number,
  stationCount: number,
  sessions: readonly { station_id: string; started_at: string; ended_at: string | null }[],
): number[] {
  const occupancy: number[] = [];
  for (let h = 0; h < 24; h++) {
    const start = midnight + h * HOUR;
    const end = start + HOUR;
    if (start > now) {
      occupancy.push(0);
      continue;
    }
    const busy = new Set(
      sessions
        .filter((s) => Date.parse(s.started_at) < end && (s.ended_at === null ? now + 1 : Date.parse(s.ended_at)) > start)
        .map((s) => s.station_id),
    );
    occupancy.push(stationCount ? Math.round((busy.size / stationCount) * 100) : 0);
  }
  return occupancy;
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
