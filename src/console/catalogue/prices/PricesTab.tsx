/**
 * Prices (issue 26, owner): the price list at a glance — rate periods, time
 * packages, window packages, member prices — and the list itself to edit as
 * text; Save sends it and shows the server's answer (every problem named).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../../core/feature.js';
import { Status } from '../../ui/Status.js';
import { useFormat } from '../../ui/useFormat.js';
import { useCatalogue } from '../index.js';

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export function PricesTab() {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const catalogue = useCatalogue();
  const state = useSlice(catalogue.prices.store, (s) => s);
  const view = state.view;
  const [text, setText] = useState('');
  useEffect(() => {
    if (view) setText(JSON.stringify(view.priceList, null, 2));
  }, [view]);
  if (!view) return <Status error={state.error} />;
  const list = view.priceList;
  const groupName = (ids: string[] | null) =>
    ids === null ? t('cat.prices.allGroups') : ids.map((id) => view.groups.find((g) => g.id === id)?.name ?? id).join(', ');
  return (
    <div className="prices" data-testid="prices-tab">
      <Status error={state.error} notice={state.notice ? t('cat.prices.saved') : null} />
      <h3>{t('cat.prices.periods')}</h3>
      <ul>
        {list.periods.map((p) => (
          <li key={p.id}>
            <bdi>{p.name}</bdi> · {hhmm(p.start)}–{hhmm(p.end)} ·{' '}
            {p.hourlyRate !== null ? t('cat.prices.rate', { rate: iqd(p.hourlyRate) }) : t('cat.prices.percentOff', { percent: p.percentOff })} · {groupName(p.groupIds)}
          </li>
        ))}
      </ul>
      <h3>{t('cat.prices.packages')}</h3>
      <ul>
        {list.timePackages.map((p) => (
          <li key={p.id}>
            <bdi>{p.name}</bdi> · {t('cat.prices.timePackage', { minutes: p.minutes, price: iqd(p.price), days: p.validDays })} · {groupName(p.groupIds)}
            {!p.active && ` · ${t('cat.prices.notOnSale')}`}
          </li>
        ))}
        {list.windowPackages.map((p) => (
          <li key={p.id}>
            <bdi>{p.name}</bdi> · {t('cat.prices.windowPackage', { from: hhmm(p.start), to: hhmm(p.end), price: iqd(p.price) })} · {groupName(p.groupIds)}
            {!p.active && ` · ${t('cat.prices.notOnSale')}`}
          </li>
        ))}
      </ul>
      <h3>{t('cat.prices.members')}</h3>
      <ul>
        {list.tierPrices.map((p) => (
          <li key={p.tierId}>
            <bdi>{view.tiers.find((tier) => tier.id === p.tierId)?.name ?? p.tierId}</bdi> · {t('cat.prices.percentOff', { percent: p.percentOff })}
          </li>
        ))}
      </ul>
      <label className="prices-editor">
        {t('cat.prices.edit')}
        <textarea dir="ltr" rows={16} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      </label>
      <button type="button" disabled={state.busy} onClick={() => void catalogue.prices.saveText(text)}>
        {t('cat.prices.save')}
      </button>
    </div>
  );
}
