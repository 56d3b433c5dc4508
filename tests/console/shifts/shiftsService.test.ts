/** Shifts: open and read the report; the report's CSV, formula-safe. */
import { describe, expect, it } from 'vitest';
import type { ShiftReport } from '../../../src/shared/api/console.js';
import { toCsv } from '../../../src/shared/csv.js';
import { reportRows, ShiftsService } from '../../../src/console/shifts/shiftsService.js';
import { testCore } from '../support/fakes.js';

describe('reportRows', () => {
  it('writes the closing note, every movement and the money adopted from between shifts (issue 23)', () => {
    const report: ShiftReport = {
      shift: { id: 'sft_3', openedBy: 'desk', openedAt: '2025-01-01T08:00:00Z', openingFloat: 0, closedBy: 'desk', closedAt: '2025-01-01T16:00:00Z', countedCash: 5000, note: 'till short, see Ali' },
      sessions: 0, orders: { count: 0, total: 0 }, topUps: { cash: 5000, card: 0, count: 1 }, refunds: { total: 0, count: 0 },
      expectedCash: 5000, countedCash: 5000, difference: 0,
      movements: [{ kind: 'top_up', method: 'cash', total: 5000, count: 1 }],
      unattended: [{ staff: 'desk', kind: 'top_up', method: 'card', amount: 2000, at: '2025-01-01T07:30:00Z' }],
    };
    const csv = toCsv(reportRows(report, {}));
    expect(csv).toContain('note,"till short, see Ali"\r\n');
    expect(csv).toContain('movement:top_up:cash,5000,1\r\n');
    expect(csv).toContain('unattended:top_up:card,2000,desk,2025-01-01T07:30:00Z\r\n');
  });

  it('writes every figure, quoting what needs it', () => {
    const report: ShiftReport = {
      shift: { id: 'sft_1', openedBy: 'desk, front', openedAt: '2025-01-01T08:00:00Z', openingFloat: 20000, closedBy: 'desk', closedAt: '2025-01-01T16:00:00Z', countedCash: 24000, note: null },
      sessions: 12,
      orders: { count: 1, total: 5000 },
      topUps: { cash: 5000, card: 2000, count: 2 },
      refunds: { total: 500, count: 1 },
      expectedCash: 29500,
      countedCash: 24000,
      difference: -5500,
    };
    const csv = toCsv(reportRows(report, {}));
    expect(csv).toContain('opened_by,"desk, front"\r\n');
    expect(csv).toContain('top_ups_cash,5000\r\n');
    expect(csv).toContain('difference,-5500\r\n');
  });

  it('writes the packages sold and what the play was billed as (issue 26)', () => {
    const report: ShiftReport = {
      shift: { id: 'sft_2', openedBy: 'desk', openedAt: '2025-01-01T08:00:00Z', openingFloat: 0, closedBy: null, closedAt: null, countedCash: null, note: null },
      sessions: 2,
      orders: { count: 0, total: 0 },
      topUps: { cash: 0, card: 0, count: 0 },
      refunds: { total: 0, count: 0 },
      expectedCash: 4000,
      countedCash: null,
      difference: null,
      packages: { cash: 4000, card: 1500, count: 2 },
      play: { plain: 700, periods: [{ id: 'happy', name: "Happy hour", iqd: 350 }], packageMinutes: 45 },
    };
    const csv = toCsv(reportRows(report, {}));
    expect(csv).toContain('packages_cash_iqd,4000\r\npackages_card_iqd,1500\r\npackages_count,2\r\n');
    expect(csv).toContain('play_plain_iqd,700\r\n');
    expect(csv).toContain("play_period_iqd:Happy hour,350\r\n");
    expect(csv).toContain('play_package_minutes,45\r\n');
  });
});

describe('ShiftsService', () => {
  const shift = { id: 'sft_1', openedBy: 'desk', openedAt: '2026-11-27T08:00:00Z', openingFloat: 20000, closedBy: null, closedAt: null, countedCash: null, note: null };
  const report = (over: Partial<ShiftReport> = {}): ShiftReport => ({
    shift, sessions: 1, orders: { count: 0, total: 0 }, topUps: { cash: 5000, card: 0, count: 1 }, refunds: { total: 0, count: 0 }, expectedCash: 25000, countedCash: null, difference: null, ...over,
  });

  it('opens with the float and shows the open shift’s report', async () => {
    const { core, server } = testCore();
    const shifts = new ShiftsService(core.http, core.files);
    let open = false;
    server.on('POST /admin/shifts/open', () => ((open = true), shift));
    server.on('GET /admin/shifts/current', () => ({ shift: open ? shift : null }));
    server.on('GET /admin/shifts', () => (open ? [shift] : []));
    server.on('GET /admin/shifts/sft_1/report', report());
    await shifts.load();
    expect(shifts.store.getState()).toMatchObject({ current: null, report: null });
    await shifts.open(20000);
    expect(server.requests.find((r) => r.url === '/admin/shifts/open')?.body).toEqual({ openingFloat: 20000 });
    expect(shifts.store.getState().current?.id).toBe('sft_1');
    expect(shifts.store.getState().report?.expectedCash).toBe(25000);
  });

  it('the CSV export goes through the formula-safe writer: a name typed as a formula is written as text', () => {
    const { core, files } = testCore();
    const shifts = new ShiftsService(core.http, core.files);
    shifts.download(report({ shift: { ...shift, openedBy: '=HYPERLINK("http://evil.example","x")', closedBy: '@SUM(A1)' }, difference: -500 }), {});
    expect(files.saved).toHaveLength(1);
    expect(files.saved[0]?.filename).toBe('shift-2026-11-27-sft_1.csv');
    const lines = files.saved[0]?.text.split('\r\n') ?? [];
    expect(lines).toContain(`opened_by,"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines).toContain(`closed_by,'@SUM(A1)`);
    expect(lines).toContain('difference,-500');
    expect(lines.every((line) => !/,[=+@]/.test(line))).toBe(true);
  });
});
