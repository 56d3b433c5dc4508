/**
 * The desk in the cafe's words (issue 23): an audit line and a ledger line as
 * a sentence in English or Arabic — who did what to whom, the amount, the
 * method, the note. The server stores each audit line's facts
 * (`AuditFacts`, worked out once from the request and its answer in
 * src/server/authority/audit-facts.ts); every screen words them here.
 */
import { z } from 'zod';
import { formatMoney, type DisplayLanguage } from './format.js';

/** What a staff action was, in words a person uses (one per admin action; `other` for the rest). */
export const AUDIT_VERBS = [
  'signIn',
  'signOut',
  'topUp',
  'refund',
  'freeTime',
  'adjustBalance',
  'gateFlags',
  'disableCustomer',
  'enableCustomer',
  'disableStaff',
  'enableStaff',
  'resetPassword',
  'resetTotp',
  'createStaff',
  'unlockGuest',
  'lock',
  'setStatus',
  'command',
  'endSession',
  'approveOrder',
  'rejectOrder',
  'takeOrder',
  'openShift',
  'closeShift',
  'hold',
  'releaseHold',
  'takeCall',
  'resolveCall',
  'takeClaim',
  'deliverClaim',
  'cancelClaim',
  'takeFlag',
  'clearFlag',
  'sellPackage',
  'sellPrepaid',
  'sellPrepaidCard',
  'lookUpPrepaidCard',
  'readCustomer',
  'searchCustomers',
  'readPrepaidCards',
  'readOutbox',
  'other',
] as const;
export type AuditVerb = (typeof AUDIT_VERBS)[number];

export const auditFactsSchema = z.object({
  verb: z.enum(AUDIT_VERBS),
  /** The staff member who acted. */
  actor: z.string(),
  /** Whom or what it was done to: a customer or staff username, an order or session id; null when none. */
  target: z.string().nullable(),
  /** The station's number (a station action). */
  station: z.number().int().nullable(),
  /** IQD moved, or counted (a shift's close), or the float (its opening). */
  amount: z.number().nullable(),
  /** cash or card. */
  method: z.string().nullable(),
  /** Staff's note or reason, a lock's message, a rejection's reason, a hold's label, a package's name. */
  note: z.string().nullable(),
  /** Minutes (a guest unlock). */
  minutes: z.number().int().nullable(),
  /** A status set, a command sent, or the raw action of an `other` line. */
  detail: z.string().nullable(),
  /** Why it was refused (the server's words); null when it was done. */
  refused: z.string().nullable(),
});
export type AuditFacts = z.infer<typeof auditFactsSchema>;

type Texts = Record<AuditVerb, string>;

/**
 * {actor} {target} {station} {amount} {method} {minutes} {detail}; the note and a refusal are added after.
 * {method} carries its own preposition and leading space (" in cash"), so a line with no method simply has none.
 */
const VERBS: Record<DisplayLanguage, Texts> = {
  en: {
    signIn: '{actor} signed in',
    signOut: '{actor} signed out',
    topUp: '{actor} topped up {target} with {amount}{method}',
    refund: '{actor} refunded {amount} to {target}',
    freeTime: '{actor} gave {target} {amount} of free time',
    adjustBalance: '{actor} corrected {target}’s balance by {amount}',
    gateFlags: '{actor} changed what {target} must do at sign-in',
    disableCustomer: '{actor} disabled {target}’s account',
    enableCustomer: '{actor} enabled {target}’s account again',
    disableStaff: '{actor} disabled the staff account {target}',
    enableStaff: '{actor} enabled the staff account {target} again',
    resetPassword: '{actor} reset {target}’s password',
    resetTotp: '{actor} reset {target}’s authenticator',
    createStaff: '{actor} created the staff account {target}',
    unlockGuest: '{actor} unlocked PC {station} for a guest',
    lock: '{actor} locked PC {station}',
    setStatus: '{actor} set PC {station} to {detail}',
    command: '{actor} sent {detail} to PC {station}',
    endSession: '{actor} ended the session on PC {station}',
    approveOrder: '{actor} approved {target}’s order',
    rejectOrder: '{actor} rejected {target}’s order',
    takeOrder: '{actor} took {target}’s order',
    openShift: '{actor} opened a shift with a float of {amount}',
    closeShift: '{actor} closed the shift with {amount} counted',
    hold: '{actor} held PCs for {target}',
    releaseHold: '{actor} released a hold',
    takeCall: '{actor} took a service call',
    resolveCall: '{actor} resolved a service call',
    takeClaim: '{actor} took a reward claim',
    deliverClaim: '{actor} delivered a reward',
    cancelClaim: '{actor} cancelled a reward claim',
    takeFlag: '{actor} took a flagged centre account',
    clearFlag: '{actor} cleared a centre account’s flag',
    sellPackage: '{actor} sold {target} a package, paid{method}',
    sellPrepaid: '{actor} sold prepaid cards worth {amount}, paid{method}',
    sellPrepaidCard: '{actor} sold prepaid card {target} ({amount}), paid{method}',
    lookUpPrepaidCard: '{actor} looked up prepaid card {target} ({amount})',
    readCustomer: '{actor} opened {target}’s details',
    searchCustomers: '{actor} searched the customers for “{target}”',
    readPrepaidCards: '{actor} listed the cards of prepaid batch {target}',
    readOutbox: '{actor} read the outbox (codes and reset links)',
    other: '{actor}: {detail}',
  },
  ar: {
    signIn: 'سجّل {actor} الدخول',
    signOut: 'سجّل {actor} الخروج',
    topUp: 'شحن {actor} رصيد {target} بمبلغ {amount}{method}',
    refund: 'أعاد {actor} مبلغ {amount} إلى {target}',
    freeTime: 'منح {actor} {target} وقتًا مجانيًا بقيمة {amount}',
    adjustBalance: 'صحّح {actor} رصيد {target} بمقدار {amount}',
    gateFlags: 'غيّر {actor} ما يجب على {target} فعله عند الدخول',
    disableCustomer: 'عطّل {actor} حساب {target}',
    enableCustomer: 'أعاد {actor} تفعيل حساب {target}',
    disableStaff: 'عطّل {actor} حساب الموظف {target}',
    enableStaff: 'أعاد {actor} تفعيل حساب الموظف {target}',
    resetPassword: 'أعاد {actor} تعيين كلمة مرور {target}',
    resetTotp: 'أعاد {actor} تعيين تطبيق المصادقة لـ {target}',
    createStaff: 'أنشأ {actor} حساب الموظف {target}',
    unlockGuest: 'فتح {actor} الجهاز {station} لضيف',
    lock: 'قفل {actor} الجهاز {station}',
    setStatus: 'جعل {actor} حالة الجهاز {station}: {detail}',
    command: 'أرسل {actor} الأمر {detail} إلى الجهاز {station}',
    endSession: 'أنهى {actor} الجلسة على الجهاز {station}',
    approveOrder: 'وافق {actor} على طلب {target}',
    rejectOrder: 'رفض {actor} طلب {target}',
    takeOrder: 'تولّى {actor} طلب {target}',
    openShift: 'فتح {actor} وردية برصيد افتتاحي {amount}',
    closeShift: 'أغلق {actor} الوردية والمبلغ المعدود {amount}',
    hold: 'حجز {actor} أجهزة لـ {target}',
    releaseHold: 'ألغى {actor} حجزًا',
    takeCall: 'تولّى {actor} طلب خدمة',
    resolveCall: 'أنهى {actor} طلب خدمة',
    takeClaim: 'تولّى {actor} طلب مكافأة',
    deliverClaim: 'سلّم {actor} مكافأة',
    cancelClaim: 'ألغى {actor} طلب مكافأة',
    takeFlag: 'تولّى {actor} حساب مركز عليه علامة',
    clearFlag: 'أزال {actor} علامة حساب مركز',
    sellPackage: 'باع {actor} {target} باقة، الدفع{method}',
    sellPrepaid: 'باع {actor} بطاقات مسبقة الدفع بقيمة {amount}، الدفع{method}',
    sellPrepaidCard: 'باع {actor} البطاقة مسبقة الدفع {target} ({amount})، الدفع{method}',
    lookUpPrepaidCard: 'بحث {actor} عن البطاقة مسبقة الدفع {target} ({amount})',
    readCustomer: 'فتح {actor} تفاصيل {target}',
    searchCustomers: 'بحث {actor} في الزبائن عن «{target}»',
    readPrepaidCards: 'عرض {actor} بطاقات دفعة البطاقات المسبقة {target}',
    readOutbox: 'قرأ {actor} صندوق الصادر (الرموز وروابط إعادة التعيين)',
    other: '{actor}: {detail}',
  },
};

const METHOD_WORDS: Record<DisplayLanguage, Record<string, string>> = {
  en: { cash: 'cash', card: 'card' },
  ar: { cash: 'نقدًا', card: 'بالبطاقة' },
};

/** A method as a sentence says it, with its preposition: " in cash"; Arabic's words carry theirs. */
const METHOD_PHRASE: Record<DisplayLanguage, string> = { en: ' in {method}', ar: ' {method}' };

const EXTRA: Record<DisplayLanguage, { guestMinutes: string; note: string; refused: string; someone: string; event: string }> = {
  en: { guestMinutes: ' ({minutes} min)', note: ' — “{note}”', refused: ' — refused: {reason}', someone: 'someone', event: 'an event' },
  ar: { guestMinutes: ' ({minutes} دقيقة)', note: ' — «{note}»', refused: ' — رُفض: {reason}', someone: 'أحدهم', event: 'فعالية' },
};

/** A card action whose card is not known (a refused code): said without a card's hint or value. */
const UNKNOWN_CARD: Record<DisplayLanguage, Partial<Record<AuditVerb, string>>> = {
  en: { sellPrepaidCard: '{actor} tried to sell a prepaid card{method}', lookUpPrepaidCard: '{actor} looked up a prepaid card code' },
  ar: { sellPrepaidCard: 'حاول {actor} بيع بطاقة مسبقة الدفع{method}', lookUpPrepaidCard: 'بحث {actor} عن رمز بطاقة مسبقة الدفع' },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** One audit line as a sentence in the reader's language. */
export function auditSentence(facts: AuditFacts, language: DisplayLanguage = 'en'): string {
  const extra = EXTRA[language];
  const method = facts.method ? fill(METHOD_PHRASE[language], { method: METHOD_WORDS[language][facts.method] ?? facts.method }) : '';
  const target = facts.target ?? (facts.verb === 'hold' ? extra.event : extra.someone);
  const template = (facts.target === null ? UNKNOWN_CARD[language][facts.verb] : undefined) ?? VERBS[language][facts.verb];
  let sentence = fill(template, {
    actor: facts.actor,
    target,
    station: facts.station === null ? '?' : String(facts.station),
    amount: facts.amount === null ? '' : formatMoney(facts.amount, language),
    method,
    minutes: facts.minutes === null ? '' : String(facts.minutes),
    detail: facts.detail ?? '',
  })
    .trim();
  if (facts.verb === 'unlockGuest' && facts.minutes !== null) sentence += fill(extra.guestMinutes, { minutes: String(facts.minutes) });
  if (facts.note) sentence += fill(extra.note, { note: facts.note });
  if (facts.refused) sentence += fill(extra.refused, { reason: facts.refused });
  return sentence;
}

// ── The ledger ─────────────────────────────────────────────────────────────

/** Every kind of ledger line in words (src/server/wallet/rules.ts MONEY_KINDS); an unknown kind shows as it is. */
export const LEDGER_KIND_TEXTS: Record<DisplayLanguage, Record<string, string>> = {
  en: {
    top_up: 'Top-up',
    refund: 'Refund',
    free_time: 'Free time',
    adjustment: 'Balance correction',
    offer_order: 'Store order',
    prepaid: 'Prepaid card',
    session: 'Play time',
    opening: 'Opening balance',
    package_sale: 'Package sold',
    package: 'Package',
    prepaid_sale: 'Prepaid cards sold',
    prepaid_redeemed: 'Sold prepaid card redeemed',
  },
  ar: {
    top_up: 'شحن رصيد',
    refund: 'استرداد',
    free_time: 'وقت مجاني',
    adjustment: 'تصحيح الرصيد',
    offer_order: 'طلب من المتجر',
    prepaid: 'بطاقة مسبقة الدفع',
    session: 'وقت اللعب',
    opening: 'رصيد افتتاحي',
    package_sale: 'بيع باقة',
    package: 'باقة',
    prepaid_sale: 'بيع بطاقات مسبقة الدفع',
    prepaid_redeemed: 'استخدام بطاقة مسبقة الدفع مبيعة',
  },
};

export function ledgerKindText(kind: string | null, language: DisplayLanguage = 'en'): string {
  if (!kind) return LEDGER_KIND_TEXTS[language].adjustment ?? '';
  return LEDGER_KIND_TEXTS[language][kind] ?? kind;
}

const LEDGER_BY: Record<DisplayLanguage, string> = { en: 'by {staff}', ar: 'بواسطة {staff}' };

/** One ledger line as a sentence: "Top-up · +5,000 IQD · cash · by sara — “birthday”". */
export function ledgerSentence(
  line: { amount: number; kind: string | null; paymentMethod: string | null; staff: string | null; reason: string },
  language: DisplayLanguage = 'en',
): string {
  const sign = line.amount > 0 ? '+' : line.amount < 0 ? '−' : '';
  const parts = [ledgerKindText(line.kind, language), `${sign}${formatMoney(Math.abs(line.amount), language)}`];
  if (line.paymentMethod) parts.push(METHOD_WORDS[language][line.paymentMethod] ?? line.paymentMethod);
  if (line.staff) parts.push(fill(LEDGER_BY[language], { staff: line.staff }));
  const note = ledgerNote(line.reason);
  return note ? parts.join(' · ') + fill(EXTRA[language].note, { note }) : parts.join(' · ');
}

/** What staff wrote with a ledger line (its note or reason), or a package's name; null for the wallet's own words. */
export function ledgerNote(reason: string): string | null {
  const noted = /^(?:top-up \(\w+\)|refund|free time): ([\s\S]+)$/.exec(reason.trim());
  if (noted?.[1]) return noted[1];
  const pack = /^package (.+?)(?: paid at the counter \(\w+\))?$/.exec(reason.trim());
  return pack?.[1] ?? null;
}
