/** A shift report's arithmetic (issue 15, from the ledger since issue 21): pure, tested without a database. */

export interface ShiftLine {
  kind: string | null;
  method: string | null;
  amount: number;
}

export interface ShiftMoney {
  topUps: { cash: number; card: number; count: number };
  /** Packages sold at the counter (issue 26). */
  packages: { cash: number; card: number; count: number };
  /** Prepaid cards sold at the counter (issue 23): count is the cards, not the sales (a batch sold at once is one sale). */
  prepaid: { cash: number; card: number; count: number };
  refunds: { total: number; count: number };
  expectedCash: number;
  movements: { kind: string; method: string | null; total: number; count: number }[];
}

/**
 * From the shift's ledger lines, the prices of the orders it approved and the number of prepaid cards its sales sold:
 * top-ups by method, refunds (as a positive total), every kind's total, and the cash the drawer should hold (float +
 * cash top-ups + cash package and prepaid card sales + order prices − refunds).
 */
export function shiftMoney(openingFloat: number, lines: readonly ShiftLine[], orderPrices: number, prepaidCardsSold: number): ShiftMoney {
  const topUps = lines.filter((l) => l.kind === 'top_up');
  const refunds = lines.filter((l) => l.kind === 'refund');
  const cash = topUps.filter((l) => l.method === 'cash').reduce((sum, l) => sum + l.amount, 0);
  const card = topUps.filter((l) => l.method === 'card').reduce((sum, l) => sum + l.amount, 0);
  const refunded = refunds.reduce((sum, l) => sum - l.amount, 0);
  const sales = lines.filter((l) => l.kind === 'package_sale');
  const salesBy = (method: string) => sales.filter((l) => l.method === method).reduce((sum, l) => sum + l.amount, 0);
  const cards = lines.filter((l) => l.kind === 'prepaid_sale');
  const cardsBy = (method: string) => cards.filter((l) => l.method === method).reduce((sum, l) => sum + l.amount, 0);
  const groups = new Map<string, { kind: string; method: string | null; total: number; count: number }>();
  for (const l of lines) {
    const kind = l.kind ?? 'adjustment';
    const key = `${kind}|${l.method ?? ''}`;
    const g = groups.get(key) ?? { kind, method: l.method, total: 0, count: 0 };
    g.total += l.amount;
    g.count += 1;
    groups.set(key, g);
  }
  return {
    topUps: { cash, card, count: topUps.length },
    packages: { cash: salesBy('cash'), card: salesBy('card'), count: sales.length },
    prepaid: { cash: cardsBy('cash'), card: cardsBy('card'), count: cards.length === 0 ? 0 : prepaidCardsSold },
    refunds: { total: refunded, count: refunds.length },
    expectedCash: openingFloat + cash + salesBy('cash') + cardsBy('cash') + orderPrices - refunded,
    movements: [...groups.values()].sort((a, b) => (a.kind + (a.method ?? '')).localeCompare(b.kind + (b.method ?? ''))),
  };
}
