/**
 * The Prices form's model (issue 26): the price list as the owner types it
 * (numbers and times as text, a rate period's rate or percentage as a choice)
 * and back. Turning a draft into a list names every problem at its field
 * (`periods.0.start`), with a code the form says in the console's language;
 * the very same shared rules as the server's (src/shared/pricing/validate.ts)
 * run before anything is sent.
 */
import { priceListIssues, priceListSchema, type Known, type PriceList } from '../../../shared/pricing/index.js';

/** null: every station group. */
export type GroupChoice = string[] | null;

export interface PeriodDraft {
  id: string;
  name: string;
  groupIds: GroupChoice;
  weekdays: number[];
  /** Holidays: YYYY-MM-DD, separated by commas or spaces. */
  dates: string;
  start: string;
  end: string;
  kind: 'rate' | 'percent';
  value: string;
}

export interface TimePackageDraft {
  id: string;
  name: string;
  minutes: string;
  price: string;
  groupIds: GroupChoice;
  validDays: string;
  active: boolean;
}

export interface WindowPackageDraft {
  id: string;
  name: string;
  price: string;
  start: string;
  end: string;
  weekdays: number[];
  groupIds: GroupChoice;
  active: boolean;
}

export interface TierPriceDraft {
  tierId: string;
  percentOff: string;
}

export interface PriceDraft {
  utcOffsetMinutes: number;
  /** Each station group's plain hourly rate (IQD), by group id. */
  rates: Record<string, string>;
  periods: PeriodDraft[];
  timePackages: TimePackageDraft[];
  windowPackages: WindowPackageDraft[];
  tierPrices: TierPriceDraft[];
}

/** The form's own checks, and the shared rules' codes (`src/shared/pricing/validate.ts`). */
export const FORM_PROBLEM_CODES = ['required', 'whole', 'time', 'date', 'percent', 'atLeastOne', 'invalid'] as const;

export interface FieldProblem {
  /** A `cat.prices.problem.<code>` text; `invalid`: the message as given. */
  code: string;
  message: string;
}

/** Problems by field path. */
export type FieldProblems = Record<string, FieldProblem[]>;

export const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** "22:00" → 1320; anything else → null. */
export function minuteOf(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : null;
}

let counter = 0;
/** A new row's id: short, unique in the list (the owner never types ids). */
export function newRowId(prefix: string, taken: readonly string[]): string {
  for (;;) {
    counter += 1;
    const id = `${prefix}-${Date.now().toString(36)}${counter.toString(36)}`;
    if (!taken.includes(id)) return id;
  }
}

export function draftOf(list: PriceList, groups: readonly { id: string; hourlyRate: number }[]): PriceDraft {
  return {
    utcOffsetMinutes: list.utcOffsetMinutes,
    rates: Object.fromEntries(groups.map((g) => [g.id, String(g.hourlyRate)])),
    periods: list.periods.map((p) => ({
      id: p.id,
      name: p.name,
      groupIds: p.groupIds,
      weekdays: [...p.weekdays],
      dates: p.dates.join(', '),
      start: hhmm(p.start),
      end: hhmm(p.end),
      kind: p.hourlyRate !== null ? 'rate' : 'percent',
      value: String(p.hourlyRate ?? p.percentOff ?? ''),
    })),
    timePackages: list.timePackages.map((t) => ({
      id: t.id,
      name: t.name,
      minutes: String(t.minutes),
      price: String(t.price),
      groupIds: t.groupIds,
      validDays: String(t.validDays),
      active: t.active,
    })),
    windowPackages: list.windowPackages.map((w) => ({
      id: w.id,
      name: w.name,
      price: String(w.price),
      start: hhmm(w.start),
      end: hhmm(w.end),
      weekdays: [...w.weekdays],
      groupIds: w.groupIds,
      active: w.active,
    })),
    tierPrices: list.tierPrices.map((t) => ({ tierId: t.tierId, percentOff: String(t.percentOff) })),
  };
}

export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

export const blankPeriod = (taken: readonly string[]): PeriodDraft => ({
  id: newRowId('period', taken),
  name: '',
  groupIds: null,
  weekdays: [...ALL_DAYS],
  dates: '',
  start: '',
  end: '',
  kind: 'percent',
  value: '',
});

export const blankTimePackage = (taken: readonly string[]): TimePackageDraft => ({
  id: newRowId('time', taken),
  name: '',
  minutes: '',
  price: '',
  groupIds: null,
  validDays: '30',
  active: true,
});

export const blankWindowPackage = (taken: readonly string[]): WindowPackageDraft => ({
  id: newRowId('window', taken),
  name: '',
  price: '',
  start: '',
  end: '',
  weekdays: [],
  groupIds: null,
  active: true,
});

export const takenIds = (draft: PriceDraft) => [...draft.periods, ...draft.timePackages, ...draft.windowPackages].map((row) => row.id);

/** The draft as a price list, or every problem at its field. */
export function listOf(draft: PriceDraft, known?: Known): { list: PriceList | null; rates: Record<string, number>; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const add = (path: string, code: string, message: string) => {
    (problems[path] ??= []).push({ code, message });
  };
  const whole = (path: string, text: string, { min = 0, max = 100_000_000 } = {}): number => {
    const trimmed = text.trim();
    if (trimmed === '') {
      add(path, 'required', 'Required.');
      return 0;
    }
    if (!/^\d+$/.test(trimmed)) {
      add(path, 'whole', 'A whole number.');
      return 0;
    }
    const n = Number(trimmed);
    if (n < min || n > max) add(path, max === 100 ? 'percent' : 'whole', max === 100 ? 'A percentage from 0 to 100.' : `A whole number from ${min} to ${max}.`);
    return n;
  };
  const time = (path: string, text: string): number => {
    const minute = minuteOf(text);
    if (minute === null) add(path, 'time', 'A time as HH:MM, 00:00 to 23:59.');
    return minute ?? 0;
  };
  const name = (path: string, text: string) => {
    if (text.trim() === '') add(path, 'required', 'Required.');
    return text.trim();
  };
  const groups = (path: string, ids: GroupChoice) => {
    if (ids !== null && ids.length === 0) add(path, 'atLeastOne', 'Choose at least one group, or every group.');
    return ids;
  };

  const rates: Record<string, number> = {};
  for (const [groupId, text] of Object.entries(draft.rates)) rates[groupId] = whole(`rates.${groupId}`, text);

  const list: PriceList = {
    utcOffsetMinutes: draft.utcOffsetMinutes,
    periods: draft.periods.map((p, i) => {
      const path = `periods.${i}`;
      const dates = p.dates.split(/[\s,،]+/).filter(Boolean);
      for (const date of dates) if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) add(`${path}.dates`, 'date', 'Dates as YYYY-MM-DD, separated by commas.');
      const value = whole(`${path}.value`, p.value, p.kind === 'percent' ? { min: 1, max: 100 } : {});
      return {
        id: p.id,
        name: name(`${path}.name`, p.name),
        groupIds: groups(`${path}.groupIds`, p.groupIds),
        weekdays: [...p.weekdays].sort((a, b) => a - b),
        dates,
        start: time(`${path}.start`, p.start),
        end: time(`${path}.end`, p.end),
        hourlyRate: p.kind === 'rate' ? value : null,
        percentOff: p.kind === 'percent' ? value : null,
      };
    }),
    timePackages: draft.timePackages.map((t, i) => {
      const path = `timePackages.${i}`;
      return {
        id: t.id,
        name: name(`${path}.name`, t.name),
        minutes: whole(`${path}.minutes`, t.minutes, { min: 1, max: 100_000 }),
        price: whole(`${path}.price`, t.price),
        groupIds: groups(`${path}.groupIds`, t.groupIds),
        validDays: whole(`${path}.validDays`, t.validDays, { min: 1, max: 3650 }),
        active: t.active,
      };
    }),
    windowPackages: draft.windowPackages.map((w, i) => {
      const path = `windowPackages.${i}`;
      return {
        id: w.id,
        name: name(`${path}.name`, w.name),
        price: whole(`${path}.price`, w.price),
        groupIds: groups(`${path}.groupIds`, w.groupIds),
        start: time(`${path}.start`, w.start),
        end: time(`${path}.end`, w.end),
        weekdays: [...w.weekdays].sort((a, b) => a - b),
        active: w.active,
      };
    }),
    tierPrices: draft.tierPrices.map((t, i) => {
      if (t.tierId === '') add(`tierPrices.${i}.tierId`, 'required', 'Required.');
      return { tierId: t.tierId, percentOff: whole(`tierPrices.${i}.percentOff`, t.percentOff, { min: 0, max: 100 }) };
    }),
  };
  if (Object.keys(problems).length > 0) return { list: null, rates, problems };
  // What the form cannot say by itself (lengths, counts): the schema's words at the field.
  const parsed = priceListSchema.safeParse(list);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.join('.'), 'invalid', issue.message);
    return { list: null, rates, problems };
  }
  for (const problem of priceListIssues(parsed.data, known)) add(problem.path, problem.code, problem.message);
  return { list: Object.keys(problems).length > 0 ? null : parsed.data, rates, problems };
}

/** The server's problems (its 400's `problems`), by field. */
export function problemsByField(list: readonly { path: string; code: string; message: string }[]): FieldProblems {
  const problems: FieldProblems = {};
  for (const p of list) (problems[p.path] ??= []).push({ code: p.code, message: p.message });
  return problems;
}
