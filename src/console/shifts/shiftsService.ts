/** Cash shifts: open with a float, close with the counted cash, the report (printable, CSV). */
import { createStore } from 'zustand/vanilla';
import { closeShift, currentShift, openShift, shiftList, shiftReport, type Shift, type ShiftReport } from '../../shared/api/console.js';
import type { Http } from '../core/http.js';
import { runBusy } from '../core/busy.js';

export interface ShiftsState {
  current: Shift | null;
  report: ShiftReport | null;
  past: Shift[];
  error: string | null;
  busy: boolean;
}

/** The report as CSV: one line per figure, the labels given (the console's language). */
export function reportCsv(report: ShiftReport, labels: Record<string, string>): string {
  const rows: [string, string | number][] = [
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
  ];
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${rows.map(([k, v]) => `${cell(k)},${cell(v)}`).join('\n')}\n`;
}

export class ShiftsService {
  readonly store = createStore<ShiftsState>(() => ({ current: null, report: null, past: [], error: null, busy: false }));

  constructor(private readonly http: Http) {}

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

  /** Saves the report as a CSV file (a download). */
  download(report: ShiftReport, labels: Record<string, string>): void {
    const blob = new Blob([reportCsv(report, labels)], { type: 'text/csv' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `shift-${report.shift.openedAt.slice(0, 10)}-${report.shift.id}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  print(): void {
    window.print();
  }

  private act(work: () => Promise<void>): Promise<void> {
    return runBusy(this.store, work);
  }
}
