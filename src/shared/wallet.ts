/**
 * The wallet's words a person reads (issue 21): the owner's limits refused a
 * staff movement. The server answers in English with `code` and `limit` in
 * the error body; a screen shows its own language from this table.
 */
export const WALLET_ERROR_CODES = ['wallet.actionLimit', 'wallet.shiftLimit'] as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[number];

export const WALLET_TEXTS: Record<'en' | 'ar', Record<WalletErrorCode, string>> = {
  en: {
    'wallet.actionLimit': 'One movement may not exceed {limit} IQD (the owner’s limit).',
    'wallet.shiftLimit': 'This would take the shift past its limit of {limit} IQD credited (the owner’s limit).',
  },
  ar: {
    'wallet.actionLimit': 'لا يجوز أن تتجاوز العملية الواحدة {limit} دينار عراقي (حد يضعه المالك).',
    'wallet.shiftLimit': 'هذه العملية تتجاوز حد الوردية البالغ {limit} دينار عراقي من الإضافات (حد يضعه المالك).',
  },
};

export function walletText(lang: 'en' | 'ar', code: WalletErrorCode, limit: number): string {
  return WALLET_TEXTS[lang][code].replace('{limit}', limit.toLocaleString('en-US'));
}
