/** Plain-text tables for the terminal. */
import type { StationAlert } from '../../shared/api/enrolment.js';
import type { AdminStation } from '../../shared/api/routes.js';

/** Drops control characters (ANSI escapes, bells, carriage returns, C1 codes, bidi overrides) but keeps newlines. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** One cell: printable and on one line. */
const cell = (text: string) => printable(text).replace(/\n/g, ' ');

export function alertsList(alerts: StationAlert[]): string {
  return [
    'Alerts (newest first):',
    ...alerts.map((a) => `  ${cell(a.createdAt)}  ${cell(a.stationId)}  ${cell(a.kind)}: ${cell(a.message)}`),
  ].join('\n');
}

export function table(header: string[], rows: string[][]): string {
  rows = rows.map((r) => r.map(cell));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function ago(iso: string | null, nowMs: number): string {
  if (!iso) return 'never';
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  return iso.slice(0, 16).replace('T', ' ');
}

function sessionCell(session: AdminStation['currentSession']): string {
  if (!session) return '-';
  const left = session.remainingMinutes === null ? 'open' : `${session.remainingMinutes} min left`;
  return `${session.username} (${left})`;
}

export function stationsTable(stations: AdminStation[], nowMs: number): string {
  return table(
    ['#', 'ID', 'NAME', 'GROUP', 'STATUS', 'ONLINE', 'LAST HEARTBEAT', 'SESSION'],
    stations.map((s) => [
      String(s.number),
      s.id,
      s.name,
      s.groupName ?? '-',
      s.status,
      s.online ? 'yes' : 'no',
      ago(s.lastHeartbeatAt, nowMs),
      sessionCell(s.currentSession),
    ]),
  );
}
