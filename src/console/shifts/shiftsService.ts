/** Cash shifts: open with a float, close with the counted cash, the report (printable, CSV); prepaid cards sold at the desk. */
import { closeShift, currentShift, openShift, shiftList, shiftReport, type ShiftReport } from '../../shared/api/console.js';
import type { CsvValue } from '../../shared/csv.js';
import { act } from '../core/act.js';
import type { Files } from '../core/files.js';
import type { Http } from '../core/http.js';
import { SellCardService } from './sellCardService.js';
import { createShiftsStore, type ShiftsStore } from './shiftsStore.js';

/** The report's rows for the CSV: one line per figure, the labels given (the console's language). */
export function reportRows(report: ShiftReport, labels: Record<string, string>): CsvValue[][] {
  return [
    ['shift', report.shift.id],
    ['opened_at', report.shift.openedAt],
    ['opened_by', report.shift.openedBy],
    ['closed_at', report.shift.closedAt ?? ''],
    ['closed_by', report.shift.closedBy ?? ''],
    [labels.sessions ?? 'sessions', report.sessions],
    [labels.orders ?? 'orders', report.orders.total],
    [labels.topUpsCash ?? 'top_ups_cash', report.topUps.cash],
    [labels.topUpsCard ?? 'top_ups_card', report.topUps.card],
    [labels.refunds ?? 'refunds', report.refunds.total],
    [labels.float ?? 'opening_float', report.shift.openingFloat],
    [labels.expected ?? 'expected_cash', report.expectedCash],
    [labels.counted ?? 'counted_cash', report.countedCash ?? ''],
    [labels.difference ?? 'difference', report.difference ?? ''],
    ['note', report.shift.note ?? ''],
    // Issue 26: packages sold at the counter, and what the play was billed as.
    ...(report.packages
      ? [
          ['packages_cash_iqd', report.packages.cash],
          ['packages_card_iqd', report.packages.card],
          ['packages_count', report.packages.count],
        ]
      : []),
    // Issue 23: prepaid cards sold at the counter.
    ...(report.prepaid
      ? [
          ['prepaid_cash_iqd', report.prepaid.cash],
          ['prepaid_card_iqd', report.prepaid.card],
          ['prepaid_sales', report.prepaid.count],
        ]
      : []),
    ...(report.play
      ? [
          ['play_plain_iqd', report.play.plain],
          ...report.play.periods.map((p): CsvValue[] => [`play_period_iqd:${p.name}`, p.iqd]),
          ['play_package_minutes', report.play.packageMinutes],
        ]
      : []),
    // Issue 21's fields, shown since issue 23: every movement by kind and method, and what was adopted.
    ...(report.movements ?? []).map((m): CsvValue[] => [`movement:${m.kind}${m.method ? `:${m.method}` : ''}`, m.total, m.count]),
    ...(report.unattended ?? []).map((u): CsvValue[] => [`unattended:${u.kind}${u.method ? `:${u.method}` : ''}`, u.amount, u.staff ?? '', u.at]),
  ];
}

export class ShiftsService {
  /** Prepaid cards sold one at a time at the desk (issue 23); a sale reads the shift's report again. */
  readonly cards: SellCardService;

  constructor(
    private readonly http: Http,
    private readonly files: Pick<Files, 'csv' | 'print'>,
    readonly store: ShiftsStore = createShiftsStore(),
  ) {
    this.cards = new SellCardService(http, () => this.load());
  }

  async load(): Promise<void> {
    await this.act(async () => {
      const [{ shift }, past] = await Promise.all([this.http.call(currentShift), this.http.call(shiftList)]);
      this.store.setState({ current: shift, past });
      if (shift) this.store.setState({ report: await this.http.call(shiftReport, { params: { id: shift.id } }) });
    });
  }

  async open(openingFloat: number): Promise<void> {
    await this.act(async () => {
      await this.http.call(openShift, { body: { openingFloat } });
      await this.load();
    });
  }

  async close(countedCash: number, note: string): Promise<void> {
    await this.act(async () => {
      const report = await this.http.call(closeShift, { body: { countedCash, ...(note ? { note } : {}) } });
      await this.load();
      this.store.setState({ report });
    });
  }

  async show(id: string): Promise<void> {
    await this.act(async () => this.store.setState({ report: await this.http.call(shiftReport, { params: { id } }) }));
  }

  /** Saves the report as a CSV file (a download), through the one formula-safe writer. */
  download(report: ShiftReport, labels: Record<string, string>): void {
    this.files.csv(`shift-${report.shift.openedAt.slice(0, 10)}-${report.shift.id}.csv`, reportRows(report, labels));
  }

  print(): void {
    this.files.print();
  }

  private async act(work: () => Promise<void>): Promise<void> {
    await act(this.store, work);
  }
}
