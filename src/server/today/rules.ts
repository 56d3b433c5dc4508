/** The day's arithmetic (pure): occupancy by hour, and the ledger's lines summed into money taken and play consumed. */
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

export interface LedgerLine {
  kind: string | null;
  payment_method: string | null;
  bucket: string;
  amount: number;
  /** The price paid for an approved order (its line credits the order's value, which may include a bonus). */
  price: number | null;
}

const byMethod = (lines: readonly LedgerLine[], value: (l: LedgerLine) => number) => ({
  cash: sum(lines.filter((l) => l.payment_method === 'cash').map(value)),
  card: sum(lines.filter((l) => l.payment_method === 'card').map(value)),
});

/**
 * Money taken at the counter and play consumed, apart (issue 23): a top-up is money taken; the play it later pays
 * for is the same money spent, so the two are never added. Likewise a prepaid card sold is money taken; its
 * redemption (`prepaid`, and `prepaid_redeemed` on the float) is not.
 */
export function dayFigures(lines: readonly LedgerLine[]) {
  const of = (kind: string) => lines.filter((l) => l.kind === kind);
  const topUps = byMethod(of('top_up'), (l) => l.amount);
  // An approved order is paid at the counter (cash): what was paid is its price, not the balance it credits.
  const orders = byMethod(of('offer_order'), (l) => l.price ?? l.amount);
  const packages = byMethod(of('package_sale'), (l) => l.amount);
  // Prepaid cards are money taken when sold (issue 23); a sold card redeemed later moves value between balances only.
  const prepaid = byMethod(of('prepaid_sale'), (l) => l.amount);
  const refunds = -sum(of('refund').map((l) => l.amount));
  const cash = topUps.cash + orders.cash + packages.cash + prepaid.cash;
  const card = topUps.card + orders.card + packages.card + prepaid.card;
  const session = of('session');
  return {
    money: { topUps, orders, packages, prepaid, refunds, cash, card, total: cash + card - refunds, prepaidRedeemed: sum(of('prepaid').map((l) => l.amount)) },
    play: {
      billed: -sum(session.map((l) => l.amount)),
      fromPaid: -sum(session.filter((l) => l.bucket === 'paid').map((l) => l.amount)),
      fromFree: -sum(session.filter((l) => l.bucket === 'free').map((l) => l.amount)),
      freeTimeGiven: sum(of('free_time').map((l) => l.amount)),
    },
  };
}
