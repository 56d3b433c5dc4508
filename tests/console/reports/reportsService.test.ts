/** The owner's period report in the console (issue 26): the periods, the request, the server's reason, the CSV (formula-safe). */
import { describe, expect, it } from 'vitest';
import type { SalesReport } from '../../../src/shared/api/admin-reports.js';
import { presetDates, ReportsService } from '../../../src/console/reports/reportsService.js';
import { testCore } from '../support/fakes.js';

const REPORT: SalesReport = {
  from: '2026-11-21',
  to: '2026-11-27',
  utcOffsetMinutes: 180,
  byKind: [
    { kind: 'package', method: 'cash', total: 4000, count: 1 },
    { kind: 'play_plain', method: null, total: 750, count: 0 },
    { kind: 'prepaid_sale', method: 'card', total: 5000, count: 1 },
  ],
  byGroup: [{ groupId: 'grp_1', name: '=VIP', iqd: 750, minutes: 90, packageMinutes: 60 }],
  byStaff: [{ staff: 'desk', cash: 4000, card: 5000, count: 2 }],
  days: [{ date: '2026-11-27', plain: 750, periods: 375, packageMinutes: 60, counter: 9000, prepaid: 5000 }],
  hours: [],
  taken: { cash: 4000, card: 5000, prepaid: 5000 },
  played: 1125,
};

describe('reports', () => {
  it('the presets cover today, the last 7 days and this month, both ends included', () => {
    const now = new Date(2026, 10, 27, 15, 30);
    expect(presetDates('today', now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetDates('week', now)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetDates('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetDates('week', new Date(2026, 2, 3))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
  });

  it('asks the server for the period, shows the server’s reason for a bad one, and saves a formula-safe CSV', async () => {
    const { core, server, files } = testCore();
    const reports = new ReportsService(core.http, core.files, undefined, () => new Date(2026, 10, 27, 12));
    server.on('GET /admin/reports/sales', REPORT);
    await reports.choose('week');
    expect(server.requests.at(-1)?.url).toBe('/admin/reports/sales?from=2026-11-21&to=2026-11-27');
    expect(reports.store.getState()).toMatchObject({ preset: 'week', report: REPORT, error: null, busy: false });

    reports.download();
    expect(files.saved[0]?.filename).toBe('report-2026-11-21-2026-11-27.csv');
    const lines = files.saved[0]?.text.split('\r\n') ?? [];
    expect(lines).toContain('package,cash,4000,1');
    expect(lines).toContain("'=VIP,750,90,60");
    expect(lines).toContain('2026-11-27,750,375,60,9000,5000');
    // Money taken and play consumed on their own line, apart.
    expect(lines).toContain('4000,5000,5000,1125');
    expect(lines).toContain('prepaid_sale,card,5000,1');

    server.on('GET /admin/reports/sales', { statusCode: 400, error: 'Bad Request', message: 'The period ends before it starts: choose a "to" date on or after the "from" date.' }, 400);
    await reports.between('2026-11-27', '2026-11-01');
    expect(reports.store.getState().error).toBe('The period ends before it starts: choose a "to" date on or after the "from" date.');
  });

  it('a single day’s CSV has its hours too (issue 23); a period’s has none', async () => {
    const { core, server, files } = testCore();
    const reports = new ReportsService(core.http, core.files, undefined, () => new Date(2026, 10, 27, 12));
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, plain: hour === 21 ? 750 : 0, periods: 0, packageMinutes: 0, counter: hour === 21 ? 9000 : 0, prepaid: 0 }));
    server.on('GET /admin/reports/sales', { ...REPORT, from: '2026-11-27', hours });
    await reports.choose('today');
    reports.download();
    const lines = files.saved[0]?.text.split('\r\n') ?? [];
    expect(lines).toContain('hour,play_plain_iqd,play_periods_iqd,package_minutes,counter_iqd,prepaid_sold_iqd');
    expect(lines).toContain('21,750,0,0,9000,0');
    expect(lines.filter((l) => /^\d{1,2},/.test(l))).toHaveLength(24);

    server.on('GET /admin/reports/sales', REPORT);
    await reports.choose('week');
    reports.download();
    expect(files.saved[1]?.text).not.toContain('hour,');
  });
});
