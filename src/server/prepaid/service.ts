/** Prepaid cards redeemed into the wallet (SPEC §7; one wallet movement since issue 21). */
import { isoNow, type Clock } from '../clock/clock.js';
import { badRequest } from '../http/errors.js';
import type { Wallet } from '../wallet/service.js';
import { normalisePrepaidCode } from './rules.js';
import { claimCard } from './repo.js';

export const INVALID_CARD = 'Invalid or already redeemed card code';

/**
 * One wallet movement (kind `prepaid`): the wallet's row locked first (a second redeem by this user waits), the card
 * claimed in the same transaction (not redeemed, not voided), the running session settled before and re-planned after.
 */
export async function redeemCard(deps: { wallet: Wallet; clock: Clock }, userId: string, rawCode: string) {
  const code = normalisePrepaidCode(rawCode);
  const moved = await deps.wallet.move({
    userId,
    kind: 'prepaid',
    // The card's code is not copied into the ledger.
    reason: 'prepaid card',
    claim: async (trx) => {
      const amount = await claimCard(trx, code, userId, isoNow(deps.clock));
      if (amount === null) throw badRequest(INVALID_CARD);
      return { amount };
    },
  });
  const amount = moved!.amount;
  return { success: true, message: `Added ${amount} IQD`, balanceAdded: amount };
}

