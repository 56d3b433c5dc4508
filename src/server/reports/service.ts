/**
 * The period report (issue 26): the cafe's local days from → to, cut at the
 * price list's UTC offset. Money by kind of sale (the counter's takings by
 * kind and method, packages by how they were paid, play billed at the plain
 * rate and at rate periods), play by station group, the counter's takings by
 * staff member, and one line per day for the chart (a single day also one
 * line per hour, issue 23). Package sales at the
 * counter count once: as 'package' sales (their 'package_sale' ledger line is
 * the same money). Prepaid cards sold are money taken, their own kind
 * (`prepaid_sale`, cash or card); a sold card redeemed later moves value from
 * the prepaid float to a customer with no payment method, so it is never
 * counted again. Money taken and play consumed are totalled apart, never
 * added (play is paid from balances bought earlier).
 */
import type { SalesReport } from '../../shared/api/admin-reports.js';
import { REPORT_MAX_DAYS } from '../../shared/api/admin-reports.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/pricing/index.js';
import type { Db } from '../db/schema.js';
import { badRequest } from '../base/errors.js';
import { counterLines, packagesSold, playByGroup } from './repo.js';

export interface ReportDeps {
  db: Db;
  /** The cafe's UTC offset (the price list's). */
  utcOffsetMinutes: () => Promise<number>;
}

const num = (v: unknown) => Number(v ?? 0);
/** The ledger kind of prepaid cards sold at the counter (the wallet's). */
const PREPAID_SALE = 'prepaid_sale';
const dayStart = (date: string, offsetMinutes: number) => Date.parse(`${date}T00:00:00.000Z`) - offsetMinutes * MINUTE_MS;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class ReportService {
  constructor(private readonly deps: ReportDeps) {}

  async sales(from: string, to: string): Promise<SalesReport> {
    const { db } = this.deps;
    const offset = await this.deps.utcOffsetMinutes();
    const start = dayStart(from, offset);
    const end = dayStart(to, offset) + DAY_MS;
    if (Number.isNaN(start) || Number.isNaN(end)) throw badRequest('The period needs two real dates (YYYY-MM-DD).');
    if (end <= start) throw badRequest('The period ends before it starts: choose a "to" date on or after the "from" date.');
    const days = Math.round((end - start) / DAY_MS);
    if (days > REPORT_MAX_DAYS) throw badRequest(`A report covers at most ${REPORT_MAX_DAYS} days; this one asks for ${days}.`);
    const fromIso = new Date(start).toISOString();
    const toIso = new Date(end).toISOString();

    const [play, counter, packages] = await Promise.all([playByGroup(db, fromIso, toIso), counterLines(db, fromIso, toIso), packagesSold(db, fromIso, toIso)]);

    const byKind: SalesReport['byKind'] = [];
    const addKind = (kind: string, method: string | null, total: number, count: number) => {
      const row = byKind.find((k) => k.kind === kind && k.method === method);
      if (row) {
        row.total += total;
        row.count += count;
      } else byKind.push({ kind, method, total, count });
    };
    for (const line of counter) if (line.kind !== 'package_sale') addKind(line.kind ?? 'other', line.method, num(line.total), num(line.n));
    for (const sold of packages) addKind('package', sold.method, num(sold.total), num(sold.n));
    for (const p of play) if (p.source !== 'package') addKind(p.source === 'plain' ? 'play_plain' : 'play_period', null, num(p.iqd), 0);

    const byGroup: SalesReport['byGroup'] = [];
    for (const p of play) {
      let row = byGroup.find((g) => g.groupId === p.group_id);
      if (!row) byGroup.push((row = { groupId: p.group_id, name: p.name ?? '—', iqd: 0, minutes: 0, packageMinutes: 0 }));
      row.iqd += num(p.iqd);
      row.minutes += Math.floor(num(p.ms) / MINUTE_MS);
      if (p.source === 'package') row.packageMinutes += Math.floor(num(p.ms) / MINUTE_MS);
    }

    const byStaff: SalesReport['byStaff'] = [];
    for (const line of counter) {
      const staff = line.staff ?? '—';
      let row = byStaff.find((s) => s.staff === staff);
      if (!row) byStaff.push((row = { staff, cash: 0, card: 0, count: 0 }));
      if (line.method === 'card') row.card += num(line.total);
      else row.cash += num(line.total);
      row.count += num(line.n);
    }

    // The chart: one line per local day (a query each, on the indexed instants); a single day also by the hour.
    const daily: SalesReport['days'] = [];
    for (let i = 0; i < days; i++) {
      daily.push({ date: isoDate(start + i * DAY_MS + offset * MINUTE_MS), ...(await this.line(start + i * DAY_MS, start + (i + 1) * DAY_MS)) });
    }
    const hourly: SalesReport['hours'] = [];
    if (days === 1) for (let h = 0; h < 24; h++) hourly.push({ hour: h, ...(await this.line(start + h * HOUR_MS, start + (h + 1) * HOUR_MS)) });

    // Money taken: the counter's lines by method (a package sold at the counter is its 'package_sale' line, the same money).
    const taken = { cash: 0, card: 0, prepaid: 0 };
    for (const line of counter) {
      if (line.method === 'card') taken.card += num(line.total);
      else taken.cash += num(line.total);
      if (line.kind === PREPAID_SALE) taken.prepaid += num(line.total);
    }
    const played = play.filter((p) => p.source !== 'package').reduce((s, p) => s + num(p.iqd), 0);

    byKind.sort((x, y) => x.kind.localeCompare(y.kind) || (x.method ?? '').localeCompare(y.method ?? ''));
    byGroup.sort((x, y) => x.name.localeCompare(y.name));
    byStaff.sort((x, y) => x.staff.localeCompare(y.staff));
    return { from, to, utcOffsetMinutes: offset, byKind, byGroup, byStaff, days: daily, hours: hourly, taken, played };
  }

  /** One line of the chart over [a, b): play by how it was billed, the counter's takings and, of them, prepaid cards sold. */
  private async line(a: number, b: number): Promise<Omit<SalesReport['days'][number], 'date'>> {
    const { db } = this.deps;
    const [play, counter] = await Promise.all([playByGroup(db, new Date(a).toISOString(), new Date(b).toISOString()), counterLines(db, new Date(a).toISOString(), new Date(b).toISOString())]);
    return {
      plain: play.filter((p) => p.source === 'plain').reduce((s, p) => s + num(p.iqd), 0),
      periods: play.filter((p) => p.source === 'period').reduce((s, p) => s + num(p.iqd), 0),
      packageMinutes: play.filter((p) => p.source === 'package').reduce((s, p) => s + Math.floor(num(p.ms) / MINUTE_MS), 0),
      counter: counter.reduce((s, l) => s + num(l.total), 0),
      prepaid: counter.filter((l) => l.kind === PREPAID_SALE).reduce((s, l) => s + num(l.total), 0),
    };
  }
}
