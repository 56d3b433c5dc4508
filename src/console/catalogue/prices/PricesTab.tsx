/**
 * Prices (issue 26, owner): the price list in a form — each station group's
 * hourly rate, rate periods (happy hours, weekends, holidays), time packages,
 * window packages and member prices. Rows are added, edited and removed in
 * place; Save checks the whole form with the server's own rules and shows
 * each problem at its field (the server's too), in the console's language.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.js';
import { CheckboxField, CheckboxGroup } from '../../../shared/ui/Choice.js';
import { SelectField, TextField } from '../../../shared/ui/Field.js';
import { useSlice } from '../../core/feature.js';
import { Status, wholeOrNull } from '../../ui/Status.js';
import { useFormat } from '../../ui/useFormat.js';
import { useCatalogue } from '../index.js';
import {
  ALL_DAYS,
  blankPeriod,
  blankTimePackage,
  blankWindowPackage,
  draftOf,
  takenIds,
  type FieldProblems,
  type GroupChoice,
  type PriceDraft,
} from './priceForm.js';

interface Named {
  id: string;
  name: string;
}

/** The problems of one field, in the console's language. */
function useProblemText() {
  const { t } = useTranslation();
  return (code: string, message: string) => (code === 'invalid' ? message : t(`cat.prices.problem.${code}`, { defaultValue: message }));
}

/** A labelled input (the shared field) with its problems as the field's error, in the console's language. */
function PriceField({
  label,
  path,
  problems,
  value,
  onChange,
  hint,
  numeric,
  time,
  wide,
}: {
  label: string;
  path: string;
  problems: FieldProblems;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  numeric?: boolean;
  time?: boolean;
  wide?: boolean;
}) {
  const say = useProblemText();
  const mine = problems[path] ?? [];
  return (
    <TextField
      label={label}
      className={`price-field${wide ? ' span2' : ''}`}
      value={value}
      onValue={onChange}
      error={mine.length > 0 ? mine.map((p) => say(p.code, p.message)).join(' ') : null}
      data-field={path}
      dir={numeric || time ? 'ltr' : 'auto'}
      inputMode={numeric ? 'numeric' : undefined}
      placeholder={time ? '00:00' : undefined}
      inputClassName={numeric || time ? 'num-input' : undefined}
    >
      {hint && <span className="muted small">{hint}</span>}
    </TextField>
  );
}

/** Problems of a whole group of controls (days, groups) under it. */
function GroupProblems({ path, problems }: { path: string; problems: FieldProblems }) {
  const line = useProblemsAt(problems)(path);
  return line === null ? null : <span className="error small">{line}</span>;
}

/** The problems of one path as one line in the console's language, or null. */
function useProblemsAt(problems: FieldProblems) {
  const say = useProblemText();
  return (path: string) => {
    const mine = problems[path] ?? [];
    return mine.length > 0 ? mine.map((p) => say(p.code, p.message)).join(' ') : null;
  };
}

function Weekdays({ value, onChange, label, path, problems }: { value: number[]; onChange(days: number[]): void; label: string; path: string; problems: FieldProblems }) {
  const { t } = useTranslation();
  const at = useProblemsAt(problems);
  return (
    <CheckboxGroup
      className="price-choices days"
      legend={label}
      options={ALL_DAYS.map((day) => ({ value: day, label: t(`cat.prices.day.${day}`) }))}
      value={value}
      onValue={onChange}
      error={at(path)}
    />
  );
}

function Groups({ value, onChange, groups, path, problems }: { value: GroupChoice; onChange(ids: GroupChoice): void; groups: Named[]; path: string; problems: FieldProblems }) {
  const { t } = useTranslation();
  const at = useProblemsAt(problems);
  return (
    <CheckboxGroup
      className="price-choices span2"
      legend={t('cat.prices.groups')}
      options={value === null ? [] : groups.map((g) => ({ value: g.id, label: <bdi>{g.name}</bdi> }))}
      value={value ?? []}
      onValue={onChange}
      error={at(path)}
    >
      <CheckboxField label={t('cat.prices.everyGroup')} checked={value === null} onChecked={(every) => onChange(every ? null : groups.map((g) => g.id))} />
    </CheckboxGroup>
  );
}

function Row({ title, onRemove, children }: { title: string; onRemove(): void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <fieldset className="price-row">
      <legend>
        <bdi>{title}</bdi>
      </legend>
      <div className="grid-form">{children}</div>
      <Button variant="danger" onClick={onRemove} aria-label={t('cat.prices.removeNamed', { name: title })}>
        {t('cat.prices.remove')}
      </Button>
    </fieldset>
  );
}

export function PricesTab() {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat();
  const catalogue = useCatalogue();
  const state = useSlice(catalogue.prices.store, (s) => s);
  const problemsAt = useProblemsAt(state.problems);
  const view = state.view;
  const [draft, setDraft] = useState<PriceDraft | null>(null);
  useEffect(() => {
    if (view) setDraft(draftOf(view.priceList, view.groups));
  }, [view]);
  if (!view || !draft) return <Status error={state.error} />;
  const problems = state.problems;
  const groups = view.groups;
  const set = (change: Partial<PriceDraft>) => setDraft({ ...draft, ...change });
  const edit = <K extends 'periods' | 'timePackages' | 'windowPackages' | 'tierPrices'>(key: K, i: number, change: Partial<PriceDraft[K][number]>) =>
    set({ [key]: draft[key].map((row, j) => (j === i ? { ...row, ...change } : row)) } as Partial<PriceDraft>);
  const remove = (key: 'periods' | 'timePackages' | 'windowPackages' | 'tierPrices', i: number) =>
    set({ [key]: draft[key].filter((_, j) => j !== i) } as Partial<PriceDraft>);
  const amount = (text: string) => {
    const n = wholeOrNull(text);
    return n === null ? null : money(n);
  };
  const field = (path: string) => ({ path, problems });
  const hasProblems = Object.keys(problems).length > 0;
  const unusedTiers = view.tiers.filter((tier) => !draft.tierPrices.some((p) => p.tierId === tier.id));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void catalogue.prices.save(draft);
  };

  return (
    <form className="prices stack" data-testid="prices-tab" onSubmit={submit} aria-label={t('cat.tab.prices')} noValidate>
      <p className="muted">{t('cat.prices.intro')}</p>
      {view.updatedAt && <p className="muted small">{t('cat.prices.updated', { when: dateTime(view.updatedAt), who: view.updatedBy ?? '—' })}</p>}

      <section aria-labelledby="prices-rates" className="card">
        <h3 id="prices-rates">{t('cat.prices.rates')}</h3>
        <p className="muted small">{t('cat.prices.ratesHint')}</p>
        <div className="grid-form">
          {groups.map((g) => (
            <PriceField
              key={g.id}
              label={g.name}
              {...field(`rates.${g.id}`)}
              numeric
              value={draft.rates[g.id] ?? ''}
              onChange={(v) => set({ rates: { ...draft.rates, [g.id]: v } })}
              hint={amount(draft.rates[g.id] ?? '') !== null ? t('cat.prices.rate', { rate: amount(draft.rates[g.id] ?? '') }) : null}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="prices-periods" className="card stack">
        <h3 id="prices-periods">{t('cat.prices.periods')}</h3>
        {draft.periods.map((p, i) => (
          <Row key={p.id} title={p.name.trim() || t('cat.prices.newPeriod')} onRemove={() => remove('periods', i)}>
            <PriceField label={t('cat.prices.name')} {...field(`periods.${i}.name`)} value={p.name} onChange={(name) => edit('periods', i, { name })} />
            <PriceField label={t('cat.prices.from')} {...field(`periods.${i}.start`)} time value={p.start} onChange={(start) => edit('periods', i, { start })} />
            <PriceField label={t('cat.prices.to')} {...field(`periods.${i}.end`)} time value={p.end} onChange={(end) => edit('periods', i, { end })} />
            <SelectField
              className="price-field"
              label={t('cat.prices.kind')}
              value={p.kind}
              onValue={(kind) => edit('periods', i, { kind: kind === 'rate' ? 'rate' : 'percent' })}
              options={[
                { value: 'percent', label: t('cat.prices.kind.percent') },
                { value: 'rate', label: t('cat.prices.kind.rate') },
              ]}
            />
            <PriceField
              label={p.kind === 'percent' ? t('cat.prices.percent') : t('cat.prices.hourly')}
              {...field(`periods.${i}.value`)}
              numeric
              value={p.value}
              onChange={(value) => edit('periods', i, { value })}
              hint={p.kind === 'rate' && amount(p.value) !== null ? t('cat.prices.rate', { rate: amount(p.value) }) : null}
            />
            <PriceField label={t('cat.prices.dates')} {...field(`periods.${i}.dates`)} wide value={p.dates} onChange={(dates) => edit('periods', i, { dates })} />
            {/* A problem of the rate-or-percentage choice is about the value the owner typed. */}
            <GroupProblems path={`periods.${i}.hourlyRate`} problems={problems} />
            <Weekdays label={t('cat.prices.days')} value={p.weekdays} onChange={(weekdays) => edit('periods', i, { weekdays })} {...field(`periods.${i}.weekdays`)} />
            <Groups groups={groups} value={p.groupIds} onChange={(groupIds) => edit('periods', i, { groupIds })} {...field(`periods.${i}.groupIds`)} />
            <GroupProblems path={`periods.${i}.id`} problems={problems} />
          </Row>
        ))}
        <Button onClick={() => set({ periods: [...draft.periods, blankPeriod(takenIds(draft))] })}>
          {t('cat.prices.addPeriod')}
        </Button>
      </section>

      <section aria-labelledby="prices-time" className="card stack">
        <h3 id="prices-time">{t('cat.prices.timePackages')}</h3>
        {draft.timePackages.map((p, i) => (
          <Row key={p.id} title={p.name.trim() || t('cat.prices.newTimePackage')} onRemove={() => remove('timePackages', i)}>
            <PriceField label={t('cat.prices.name')} {...field(`timePackages.${i}.name`)} value={p.name} onChange={(name) => edit('timePackages', i, { name })} />
            <PriceField label={t('cat.prices.minutes')} {...field(`timePackages.${i}.minutes`)} numeric value={p.minutes} onChange={(minutes) => edit('timePackages', i, { minutes })} />
            <PriceField
              label={t('cat.prices.price')}
              {...field(`timePackages.${i}.price`)}
              numeric
              value={p.price}
              onChange={(price) => edit('timePackages', i, { price })}
              hint={amount(p.price)}
            />
            <PriceField label={t('cat.prices.validDays')} {...field(`timePackages.${i}.validDays`)} numeric value={p.validDays} onChange={(validDays) => edit('timePackages', i, { validDays })} />
            <CheckboxField className="price-field" label={t('cat.prices.onSale')} checked={p.active} onChecked={(active) => edit('timePackages', i, { active })} />
            <Groups groups={groups} value={p.groupIds} onChange={(groupIds) => edit('timePackages', i, { groupIds })} {...field(`timePackages.${i}.groupIds`)} />
            <GroupProblems path={`timePackages.${i}.id`} problems={problems} />
          </Row>
        ))}
        <Button onClick={() => set({ timePackages: [...draft.timePackages, blankTimePackage(takenIds(draft))] })}>
          {t('cat.prices.addTime')}
        </Button>
      </section>

      <section aria-labelledby="prices-window" className="card stack">
        <h3 id="prices-window">{t('cat.prices.windowPackages')}</h3>
        {draft.windowPackages.map((p, i) => (
          <Row key={p.id} title={p.name.trim() || t('cat.prices.newWindowPackage')} onRemove={() => remove('windowPackages', i)}>
            <PriceField label={t('cat.prices.name')} {...field(`windowPackages.${i}.name`)} value={p.name} onChange={(name) => edit('windowPackages', i, { name })} />
            <PriceField label={t('cat.prices.from')} {...field(`windowPackages.${i}.start`)} time value={p.start} onChange={(start) => edit('windowPackages', i, { start })} />
            <PriceField label={t('cat.prices.to')} {...field(`windowPackages.${i}.end`)} time value={p.end} onChange={(end) => edit('windowPackages', i, { end })} />
            <PriceField
              label={t('cat.prices.price')}
              {...field(`windowPackages.${i}.price`)}
              numeric
              value={p.price}
              onChange={(price) => edit('windowPackages', i, { price })}
              hint={amount(p.price)}
            />
            <CheckboxField className="price-field" label={t('cat.prices.onSale')} checked={p.active} onChecked={(active) => edit('windowPackages', i, { active })} />
            <Weekdays label={t('cat.prices.windowDays')} value={p.weekdays} onChange={(weekdays) => edit('windowPackages', i, { weekdays })} {...field(`windowPackages.${i}.weekdays`)} />
            <Groups groups={groups} value={p.groupIds} onChange={(groupIds) => edit('windowPackages', i, { groupIds })} {...field(`windowPackages.${i}.groupIds`)} />
            <GroupProblems path={`windowPackages.${i}.id`} problems={problems} />
          </Row>
        ))}
        <Button onClick={() => set({ windowPackages: [...draft.windowPackages, blankWindowPackage(takenIds(draft))] })}>
          {t('cat.prices.addWindow')}
        </Button>
      </section>

      <section aria-labelledby="prices-members" className="card stack">
        <h3 id="prices-members">{t('cat.prices.members')}</h3>
        {view.tiers.length === 0 && <p className="muted small">{t('cat.prices.noTiers')}</p>}
        {draft.tierPrices.map((p, i) => {
          const tierName = view.tiers.find((tier) => tier.id === p.tierId)?.name ?? p.tierId;
          return (
            <Row key={`${p.tierId}:${i}`} title={tierName || t('cat.prices.newMemberPrice')} onRemove={() => remove('tierPrices', i)}>
              <SelectField
                className="price-field"
                label={t('cat.prices.tier')}
                value={p.tierId}
                onValue={(tierId) => edit('tierPrices', i, { tierId })}
                options={[{ value: '', label: '—' }, ...view.tiers.map((tier) => ({ value: tier.id, label: tier.name }))]}
                error={problemsAt(`tierPrices.${i}.tierId`)}
              />
              <PriceField label={t('cat.prices.percent')} {...field(`tierPrices.${i}.percentOff`)} numeric value={p.percentOff} onChange={(percentOff) => edit('tierPrices', i, { percentOff })} />
            </Row>
          );
        })}
        {unusedTiers.length > 0 && (
          <Button onClick={() => set({ tierPrices: [...draft.tierPrices, { tierId: unusedTiers[0]?.id ?? '', percentOff: '' }] })}>
            {t('cat.prices.addTier')}
          </Button>
        )}
      </section>

      <div className="row">
        <Button type="submit" variant="primary" disabled={state.busy}>
          {t('cat.prices.save')}
        </Button>
        <Button disabled={state.busy} onClick={() => setDraft(draftOf(view.priceList, view.groups))}>
          {t('cat.prices.undo')}
        </Button>
      </div>
      {hasProblems && (
        <p className="error" role="alert">
          {t('cat.prices.fix')}
        </p>
      )}
      <Status error={hasProblems ? null : state.error} notice={state.notice ? t('cat.prices.saved') : null} />
    </form>
  );
}
