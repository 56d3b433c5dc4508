/**
 * The desk in the cafe's words (issue 23): an audit line and a ledger line as
 * a sentence in English or Arabic — who did what to whom, the amount, the
 * method, the note. The server stores each audit line's facts
 * (`AuditFacts`, worked out once from the request and its answer in
 * src/server/authority/audit-facts.ts); every screen words them here.
 */
import { z } from 'zod';
import { formatCount, formatDateTime, formatHoursMinutes, formatMoney, formatRate, type DisplayLanguage, type PluralForms } from './format.js';
import { en as kioskTexts } from './i18n/en.js';

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
  // Every other staff and owner action (issue 23): none reads as a raw route.
  'createCustomer',
  'screenshot',
  'setupTotp',
  'confirmTotp',
  'issueTotpCode',
  'freeGameAccount',
  'addGameAccount',
  'disableGameAccount',
  'enableGameAccount',
  'setGameAccountPassword',
  'revealGameAccount',
  'setLimits',
  'setPricing',
  'pairingCode',
  'revokeCredential',
  'addStation',
  'editStation',
  'setStationGroup',
  'createGroup',
  'editGroup',
  'createOffer',
  'updateOffer',
  'createTier',
  'updateTier',
  'deleteTier',
  'createReward',
  'updateReward',
  'createAnnouncement',
  'updateAnnouncement',
  'setWifi',
  'wifiOff',
  'setLogo',
  'setBackgroundVideo',
  'createPrepaidBatch',
  'voidPrepaidBatch',
  'voidPrepaidCard',
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
  /** Why it was refused: a REFUSAL_CODES code, worded per language (lines before issue 23's codes hold the server's English); null when it was done. */
  refused: z.string().nullable(),
  /** The PCs' numbers (a hold). */
  stations: z.array(z.number().int()).optional(),
  /** Until when (a hold), ISO. */
  until: z.string().nullable().optional(),
  /** How many (prepaid cards made or voided). */
  count: z.number().int().nullable().optional(),
  /** A second amount (the owner's limit per shift beside the one per movement). */
  secondAmount: z.number().nullable().optional(),
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
    command: '{actor} told PC {station} to {detail}',
    endSession: '{actor} ended the session on PC {station}',
    approveOrder: '{actor} approved {target}’s order',
    rejectOrder: '{actor} rejected {target}’s order',
    takeOrder: '{actor} took {target}’s order',
    openShift: '{actor} opened a shift with a float of {amount}',
    closeShift: '{actor} closed the shift with {amount} counted',
    hold: '{actor} held {stations} for {target}',
    releaseHold: '{actor} released the hold on {stations}',
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
    createCustomer: '{actor} created the customer account {target}',
    screenshot: '{actor} took a screenshot of PC {station}',
    setupTotp: '{actor} began setting up their authenticator',
    confirmTotp: '{actor} set up their authenticator',
    issueTotpCode: '{actor} issued {target} a one-time code to set up an authenticator',
    freeGameAccount: '{actor} freed the centre account {target}',
    addGameAccount: '{actor} added the centre account {target}',
    disableGameAccount: '{actor} disabled the centre account {target}',
    enableGameAccount: '{actor} enabled the centre account {target} again',
    setGameAccountPassword: '{actor} changed the password of the centre account {target}',
    revealGameAccount: '{actor} revealed the password of the centre account {target}',
    setLimits: '{actor} set the staff money limits: {amount} per movement, {secondAmount} per shift',
    setPricing: '{actor} changed the price list',
    pairingCode: '{actor} made a pairing code for PC {station}',
    revokeCredential: '{actor} revoked PC {station}’s credential (it must pair again)',
    addStation: '{actor} added PC {station}',
    editStation: '{actor} changed PC {station}',
    setStationGroup: '{actor} moved PC {station} to the group {target}',
    createGroup: '{actor} added the group {target} at {rate}',
    editGroup: '{actor} changed the group {target}',
    createOffer: '{actor} created the offer “{target}”',
    updateOffer: '{actor} changed the offer “{target}”',
    createTier: '{actor} created the tier “{target}”',
    updateTier: '{actor} changed the tier “{target}”',
    deleteTier: '{actor} deleted a tier',
    createReward: '{actor} created the reward “{target}”',
    updateReward: '{actor} changed the reward “{target}”',
    createAnnouncement: '{actor} published the announcement “{target}”',
    updateAnnouncement: '{actor} changed the announcement “{target}”',
    setWifi: '{actor} set the WiFi QR for the network {target}',
    wifiOff: '{actor} took the WiFi QR off the PCs',
    setLogo: '{actor} changed the cafe’s logo',
    setBackgroundVideo: '{actor} changed the background video',
    createPrepaidBatch: '{actor} made {count} of {amount} each',
    voidPrepaidBatch: '{actor} voided a batch of prepaid cards: {count}',
    voidPrepaidCard: '{actor} voided prepaid card {target}',
    other: '{actor}: {detail}',
  },
  ar: {
    signIn: 'سجّل {actor} الدخول',
    signOut: 'سجّل {actor} الخروج',
    topUp: 'شحن {actor} رصيد {target} بمبلغ {amount}{method}',
    refund: 'أعاد {actor} مبلغ {amount} إلى {target}',
    freeTime: 'منح {actor} وقتًا مجانيًا بقيمة {amount} لـ {target}',
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
    command: 'طلب {actor} من الجهاز {station} {detail}',
    endSession: 'أنهى {actor} الجلسة على الجهاز {station}',
    approveOrder: 'وافق {actor} على طلب {target}',
    rejectOrder: 'رفض {actor} طلب {target}',
    takeOrder: 'تولّى {actor} طلب {target}',
    openShift: 'فتح {actor} وردية برصيد افتتاحي {amount}',
    closeShift: 'أغلق {actor} الوردية والمبلغ المعدود {amount}',
    hold: 'حجز {actor} {stations} لـ {target}',
    releaseHold: 'ألغى {actor} حجز {stations}',
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
    createCustomer: 'أنشأ {actor} حساب الزبون {target}',
    screenshot: 'التقط {actor} صورة لشاشة الجهاز {station}',
    setupTotp: 'بدأ {actor} إعداد تطبيق المصادقة',
    confirmTotp: 'أكمل {actor} إعداد تطبيق المصادقة',
    issueTotpCode: 'أصدر {actor} لـ {target} رمزًا لمرة واحدة لإعداد تطبيق المصادقة',
    freeGameAccount: 'حرّر {actor} حساب المركز {target}',
    addGameAccount: 'أضاف {actor} حساب المركز {target}',
    disableGameAccount: 'عطّل {actor} حساب المركز {target}',
    enableGameAccount: 'أعاد {actor} تفعيل حساب المركز {target}',
    setGameAccountPassword: 'غيّر {actor} كلمة مرور حساب المركز {target}',
    revealGameAccount: 'كشف {actor} كلمة مرور حساب المركز {target}',
    setLimits: 'ضبط {actor} حدود أموال الموظفين: {amount} للعملية الواحدة، و{secondAmount} للوردية',
    setPricing: 'غيّر {actor} قائمة الأسعار',
    pairingCode: 'أنشأ {actor} رمز اقتران للجهاز {station}',
    revokeCredential: 'ألغى {actor} اعتماد الجهاز {station} (يجب اقترانه من جديد)',
    addStation: 'أضاف {actor} الجهاز {station}',
    editStation: 'عدّل {actor} الجهاز {station}',
    setStationGroup: 'نقل {actor} الجهاز {station} إلى المجموعة {target}',
    createGroup: 'أضاف {actor} المجموعة {target} بسعر {rate}',
    editGroup: 'عدّل {actor} المجموعة {target}',
    createOffer: 'أنشأ {actor} العرض «{target}»',
    updateOffer: 'عدّل {actor} العرض «{target}»',
    createTier: 'أنشأ {actor} المستوى «{target}»',
    updateTier: 'عدّل {actor} المستوى «{target}»',
    deleteTier: 'حذف {actor} مستوى',
    createReward: 'أنشأ {actor} المكافأة «{target}»',
    updateReward: 'عدّل {actor} المكافأة «{target}»',
    createAnnouncement: 'نشر {actor} الإعلان «{target}»',
    updateAnnouncement: 'عدّل {actor} الإعلان «{target}»',
    setWifi: 'ضبط {actor} رمز QR لشبكة WiFi {target}',
    wifiOff: 'أزال {actor} رمز QR لشبكة WiFi عن الأجهزة',
    setLogo: 'غيّر {actor} شعار المقهى',
    setBackgroundVideo: 'غيّر {actor} فيديو الخلفية',
    createPrepaidBatch: 'أنشأ {actor} {count} بقيمة {amount} لكل بطاقة',
    voidPrepaidBatch: 'ألغى {actor} دفعة من البطاقات مسبقة الدفع: {count}',
    voidPrepaidCard: 'ألغى {actor} البطاقة مسبقة الدفع {target}',
    other: '{actor}: {detail}',
  },
};

const METHOD_WORDS: Record<DisplayLanguage, Record<string, string>> = {
  en: { cash: 'cash', card: 'card' },
  ar: { cash: 'نقدًا', card: 'بالبطاقة' },
};

/** A method as a sentence says it, with its preposition: " in cash"; Arabic's words carry theirs. */
const METHOD_PHRASE: Record<DisplayLanguage, string> = { en: ' in {method}', ar: ' {method}' };

const EXTRA: Record<DisplayLanguage, { guestMinutes: string; note: string; refused: string; until: string; someone: string; event: string }> = {
  en: { guestMinutes: ' ({time})', note: ' — “{note}”', refused: ' — refused: {reason}', until: ' until {until}', someone: 'someone', event: 'an event' },
  // A note in Arabic is isolated (U+2068 … U+2069): a Latin note keeps its words and the quotes their places right to left.
  ar: { guestMinutes: ' ({time})', note: ' — «\u2068{note}\u2069»', refused: ' — رُفض: {reason}', until: ' حتى {until}', someone: 'أحدهم', event: 'فعالية' },
};

/**
 * Why an action was refused, as a code the server stores (src/server/authority/audit-facts.ts) and each
 * language words: never the server's English inside an Arabic sentence.
 */
export const REFUSAL_CODES = [
  'offline',
  'actionLimit',
  'shiftLimit',
  'cardSold',
  'cardRedeemed',
  'cardVoid',
  'cardUnknown',
  'cardAmount',
  'ownerOnly',
  'invalid',
  'notAllowed',
  'notFound',
  'conflict',
  'tooMany',
  'unavailable',
  'failed',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export const REFUSAL_TEXTS: Record<DisplayLanguage, Record<RefusalCode, string>> = {
  en: {
    offline: 'the PC is not connected',
    actionLimit: 'over the owner’s limit for one movement',
    shiftLimit: 'over the owner’s limit for the shift',
    cardSold: 'the card was already sold',
    cardRedeemed: 'the card was already redeemed',
    cardVoid: 'the card is void',
    cardUnknown: 'no card has this code',
    cardAmount: 'the card is worth another amount',
    ownerOnly: 'only the owner may do this',
    invalid: 'the details were not valid',
    notAllowed: 'not allowed',
    notFound: 'not found',
    conflict: 'not possible as things were',
    tooMany: 'too many attempts',
    unavailable: 'the server could not do it then',
    failed: 'it failed',
  },
  ar: {
    offline: 'الجهاز غير متصل',
    actionLimit: 'يتجاوز حد المالك للعملية الواحدة',
    shiftLimit: 'يتجاوز حد المالك للوردية',
    cardSold: 'البطاقة مبيعة من قبل',
    cardRedeemed: 'البطاقة مستخدمة من قبل',
    cardVoid: 'البطاقة ملغاة',
    cardUnknown: 'لا توجد بطاقة بهذا الرمز',
    cardAmount: 'قيمة البطاقة مختلفة',
    ownerOnly: 'هذا للمالك وحده',
    invalid: 'البيانات غير صالحة',
    notAllowed: 'غير مسموح',
    notFound: 'غير موجود',
    conflict: 'غير ممكن في الوضع الذي كان عليه',
    tooMany: 'محاولات كثيرة جدًا',
    unavailable: 'تعذّر على الخادم تنفيذه حينها',
    failed: 'فشل',
  },
};

/**
 * A status set by staff, in the words the kiosk uses for it: English is the kiosk's own catalogue
 * (status.name.*, the SPEC's names); Arabic the same words as the kiosk's Arabic catalogue (a test holds
 * them equal). available and in use are not on the kiosk's screen; they are named here.
 */
export const STATUS_WORDS: Record<DisplayLanguage, Record<string, string>> = {
  en: {
    available: 'available',
    in_use: 'in use',
    maintenance: kioskTexts['status.name.maintenance'],
    offline: kioskTexts['status.name.offline'],
    reserved: kioskTexts['status.name.reserved'],
    locked: kioskTexts['status.name.locked'],
  },
  ar: { available: 'متاح', in_use: 'قيد الاستخدام', maintenance: 'قيد الصيانة', offline: 'غير متصل', reserved: 'محجوز', locked: 'مقفل' },
};

/** A command sent to a PC, as what it tells the PC to do (src/shared/socket/events.ts STATION_COMMANDS). */
export const COMMAND_WORDS: Record<DisplayLanguage, Record<string, string>> = {
  en: {
    OPEN_TASK_MANAGER: 'open Task Manager',
    LOGOUT_USER: 'sign its customer out',
    RESTART_PC: 'restart',
    RESTART: 'restart',
    SHUTDOWN_PC: 'shut down',
    SHUTDOWN: 'shut down',
    RENAME_PC: 'change its name',
  },
  ar: {
    OPEN_TASK_MANAGER: 'فتح مدير المهام',
    LOGOUT_USER: 'تسجيل خروج الزبون',
    RESTART_PC: 'إعادة التشغيل',
    RESTART: 'إعادة التشغيل',
    SHUTDOWN_PC: 'إيقاف التشغيل',
    SHUTDOWN: 'إيقاف التشغيل',
    RENAME_PC: 'تغيير اسمه',
  },
};

/** PCs by number: "PC 3", "PCs 3, 4, 5"; Arabic "الجهاز 3"، "الأجهزة 3، 4، 5". */
const PCS: Record<DisplayLanguage, { one: string; many: string; some: string; join: string }> = {
  en: { one: 'PC {n}', many: 'PCs {n}', some: 'PCs', join: ', ' },
  ar: { one: 'الجهاز {n}', many: 'الأجهزة {n}', some: 'أجهزة', join: '، ' },
};

const CARDS: Record<DisplayLanguage, PluralForms> = {
  en: { one: '{n} prepaid card', other: '{n} prepaid cards' },
  ar: { zero: '{n} بطاقة مسبقة الدفع', one: 'بطاقة مسبقة الدفع واحدة', two: 'بطاقتين مسبقتي الدفع', few: '{n} بطاقات مسبقة الدفع', other: '{n} بطاقة مسبقة الدفع' },
};

/** A card action whose card is not known (a refused code): said without a card's hint or value. */
const UNKNOWN_CARD: Record<DisplayLanguage, Partial<Record<AuditVerb, string>>> = {
  en: {
    sellPrepaidCard: '{actor} tried to sell a prepaid card{method}',
    lookUpPrepaidCard: '{actor} looked up a prepaid card code',
    setStationGroup: '{actor} took PC {station} out of its group',
  },
  ar: {
    sellPrepaidCard: 'حاول {actor} بيع بطاقة مسبقة الدفع{method}',
    lookUpPrepaidCard: 'بحث {actor} عن رمز بطاقة مسبقة الدفع',
    setStationGroup: 'أخرج {actor} الجهاز {station} من مجموعته',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

function pcsText(numbers: readonly number[] | undefined, language: DisplayLanguage): string {
  const pcs = PCS[language];
  if (!numbers?.length) return pcs.some;
  return fill(numbers.length === 1 ? pcs.one : pcs.many, { n: numbers.join(pcs.join) });
}

/** What the `detail` of a status or a command says, in the reader's words; anything else as it is. */
function detailText(facts: AuditFacts, language: DisplayLanguage): string {
  const detail = facts.detail ?? '';
  if (facts.verb === 'setStatus') return STATUS_WORDS[language][detail] ?? detail;
  if (facts.verb === 'command') return COMMAND_WORDS[language][detail] ?? detail;
  return detail;
}

/** A refusal's words: a code in the reader's language; an older line's stored text as it is. */
export function refusalText(refused: string, language: DisplayLanguage = 'en'): string {
  return (REFUSAL_TEXTS[language] as Record<string, string>)[refused] ?? refused;
}

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
    stations: pcsText(facts.stations, language),
    amount: facts.amount === null ? '' : formatMoney(facts.amount, language),
    secondAmount: facts.secondAmount === null || facts.secondAmount === undefined ? '' : formatMoney(facts.secondAmount, language),
    rate: facts.amount === null ? '' : formatRate(facts.amount, language),
    count: facts.count === null || facts.count === undefined ? '' : formatCount(facts.count, CARDS[language], language),
    method,
    minutes: facts.minutes === null ? '' : String(facts.minutes),
    detail: detailText(facts, language),
  }).trim();
  if (facts.verb === 'unlockGuest' && facts.minutes !== null) sentence += fill(extra.guestMinutes, { time: formatHoursMinutes(facts.minutes, language) });
  if (facts.until) {
    const until = formatDateTime(facts.until, language);
    if (until) sentence += fill(extra.until, { until });
  }
  if (facts.note) sentence += fill(extra.note, { note: facts.note });
  if (facts.refused) sentence += fill(extra.refused, { reason: refusalText(facts.refused, language) });
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
