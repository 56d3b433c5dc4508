/**
 * The owner's report for any period (issue 26): today, the last 7 days, this
 * month or chosen dates (the console's calendar days); the answer by kind of
 * sale, station group and staff member, a day chart, and the CSV through the
 * one formula-safe writer.
 */
import { adminSalesReport, type SalesReport } from '../../shared/api/admin-reports.js';
import type { CsvValue } from '../../shared/csv.js';
import { act } from '../core/act.js';
import type { Files } from '../core/files.js';
import type { Http } from '../core/http.js';
import { createReportsStore, type Preset, type ReportsStore } from './reportsStore.js';

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The dates a preset covers, on the calendar of `now` (both included). */
export function presetDates(preset: Exclude<Preset, 'dates'>, now: Date): { from: string; to: string } {
  if (preset === 'today') return { from: day(now), to: day(now) };
  if (preset === 'week') return { from: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6)), to: day(now) };
  return { from: day(new Date(now.getFullYear(), now.getMonth(), 1)), to: day(now) };
}

/** The report's rows for the CSV: one section per table, labels in English (columns a spreadsheet reads). */
export function reportRows(report: SalesReport): CsvValue[][] {
  return [
    ['period', report.from, report.to],
    [],
    // Money taken and play consumed, apart (never added: play is paid from balances bought earlier).
    ['taken_cash_iqd', 'taken_card_iqd', 'of_it_prepaid_sold_iqd', 'play_consumed_iqd'],
    [report.taken.cash, report.taken.card, report.taken.prepaid, report.played],
    [],
    ['kind', 'method', 'total_iqd', 'count'],
    ...report.byKind.map((k): CsvValue[] => [k.kind, k.method ?? '', k.total, k.count]),
    [],
    ['station_group', 'play_iqd', 'minutes', 'package_minutes'],
    ...report.byGroup.map((g): CsvValue[] => [g.name, g.iqd, g.minutes, g.packageMinutes]),
    [],
    ['staff', 'cash_iqd', 'card_iqd', 'count'],
    ...report.byStaff.map((s): CsvValue[] => [s.staff, s.cash, s.card, s.count]),
    [],
    ['date', 'play_plain_iqd', 'play_periods_iqd', 'package_minutes', 'counter_iqd', 'prepaid_sold_iqd'],
    ...report.days.map((d): CsvValue[] => [d.date, d.plain, d.periods, d.packageMinutes, d.counter, d.prepaid]),
    // A single day also by the hour (issue 23).
    ...(report.hours.length > 0
      ? [[], ['hour', 'play_plain_iqd', 'play_periods_iqd', 'package_minutes', 'counter_iqd', 'prepaid_sold_iqd'], ...report.hours.map((h): CsvValue[] => [h.hour, h.plain, h.periods, h.packageMinutes, h.counter, h.prepaid])]
      : []),
  ];
}

export class ReportsService {
  constructor(
    private readonly http: Http,
    private readonly files: Pick<Files, 'csv'>,
    readonly store: ReportsStore = createReportsStore(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A preset period: its dates, then the report. */
  async choose(preset: Exclude<Preset, 'dates'>): Promise<void> {
    const { from, to } = presetDates(preset, this.now());
    this.store.setState({ preset, from, to });
    await this.load();
  }

  /** Chosen dates. */
  async between(from: string, to: string): Promise<void> {
    this.store.setState({ preset: 'dates', from, to });
    await this.load();
  }

  async load(): Promise<void> {
    const { from, to } = this.store.getState();
    if (!from || !to) return this.choose('today');
    // The server names what is wrong with the period (backwards, too long): act shows its words.
    await act(this.store, async () => {
      this.store.setState({ report: await this.http.call(adminSalesReport, { query: { from, to } }) });
    });
  }

  download(): void {
    const { report } = this.store.getState();
    if (report) this.files.csv(`report-${report.from}-${report.to}.csv`, reportRows(report));
  }
}
