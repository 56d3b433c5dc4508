/** Shifts: the report's CSV. */
import { describe, expect, it } from 'vitest';
import type { ShiftReport } from '../../../src/shared/api/console.js';
import { toCsv } from '../../../src/shared/csv.js';
import { reportRows } from '../../../src/console/shifts/shiftsService.js';

describe('reportRows', () => {
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
});

