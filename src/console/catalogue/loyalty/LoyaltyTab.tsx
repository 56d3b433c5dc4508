/** Tiers (threshold and perks, as `tiers edit`), rewards and event rewards (add, activate, deactivate), claims to hand over. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTier } from '../../../shared/api/admin-profile.js';
import { Button } from '../../../shared/ui/Button.js';
import { CheckboxField } from '../../../shared/ui/Choice.js';
import { DateTimeField } from '../../../shared/ui/DateField.js';
import { NumberField, SelectField, TextField } from '../../../shared/ui/Field.js';
import { useSlice } from '../../core/feature.js';
import { Status, wholeOrNull } from '../../ui/Status.js';
import type { NewReward } from './loyaltyService.js';
import { useCatalogue } from '../index.js';
import { useFormat } from '../../ui/useFormat.js';

const decimal = (text: string): number | null => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : null);

function TierRow({ tier }: { tier: AdminTier }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const [f, setF] = useState({
    minLevel: String(tier.minLevel),
    xpMultiplier: String(tier.xpMultiplier),
    rewardMultiplier: String(tier.rewardMultiplier),
    maxReservationHours: String(tier.maxReservationHours),
    canEarnRewards: tier.canEarnRewards,
    hasNfcAccess: tier.hasNfcAccess,
    canReserveStations: tier.canReserveStations,
  });
  const minLevel = wholeOrNull(f.minLevel);
  const hours = wholeOrNull(f.maxReservationHours);
  const xp = decimal(f.xpMultiplier);
  const reward = decimal(f.rewardMultiplier);
  const valid = minLevel !== null && hours !== null && xp !== null && reward !== null;
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    void catalogue.loyalty.updateTier(tier.id, {
      minLevel,
      xpMultiplier: xp,
      rewardMultiplier: reward,
      maxReservationHours: hours,
      canEarnRewards: f.canEarnRewards,
      hasNfcAccess: f.hasNfcAccess,
      canReserveStations: f.canReserveStations,
    });
  };
  const text = (key: 'minLevel' | 'xpMultiplier' | 'rewardMultiplier' | 'maxReservationHours') => (
    <TextField
      labelHidden
      label={`${t(`cat.tiers.${key}`)} — ${tier.name}`}
      inputClassName="num-input"
      inputMode="decimal"
      dir="ltr"
      value={f[key]}
      onValue={(value) => setF({ ...f, [key]: value })}
    />
  );
  const flag = (key: 'canEarnRewards' | 'hasNfcAccess' | 'canReserveStations') => (
    <CheckboxField labelHidden label={`${t(`cat.tiers.${key}`)} — ${tier.name}`} checked={f[key]} onChecked={(on) => setF({ ...f, [key]: on })} />
  );
  return (
    <tr data-tier={tier.id}>
      <th scope="row">{tier.name}</th>
      <td>{text('minLevel')}</td>
      <td>{text('xpMultiplier')}</td>
      <td>{text('rewardMultiplier')}</td>
      <td>{flag('canEarnRewards')}</td>
      <td>{flag('hasNfcAccess')}</td>
      <td>{flag('canReserveStations')}</td>
      <td>{text('maxReservationHours')}</td>
      <td>
        <Button onClick={save} disabled={!valid}>
          {t('cat.save')}
        </Button>
      </td>
    </tr>
  );
}

export function LoyaltyTab() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const catalogue = useCatalogue();
  const service = catalogue.loyalty;
  const tiers = useSlice(service.store, (s) => s.tiers);
  const rewards = useSlice(service.store, (s) => s.rewards);
  const claims = useSlice(service.store, (s) => s.claims);
  const error = useSlice(service.store, (s) => s.error);
  const notice = useSlice(service.store, (s) => s.notice);
  const blank: NewReward = { kind: 'standard', name: '', description: '', requiredXp: 0, benefit: '', endsAt: '' };
  const [draft, setDraft] = useState(blank);
  const [xp, setXp] = useState('');
  const add = (e: FormEvent) => {
    e.preventDefault();
    const requiredXp = wholeOrNull(xp);
    if (requiredXp === null) return;
    void service.addReward({ ...draft, requiredXp }).then((ok) => {
      if (ok) {
        setDraft(blank);
        setXp('');
      }
    });
  };
  return (
    <div className="stack">
      <Status error={error} notice={notice ? t('cat.saved', { name: notice }) : null} />
      <div className="card scroll-x">
        <h3>{t('cat.tiers.title')}</h3>
        <table className="wide compact">
          <thead>
            <tr>
              <th scope="col">{t('cat.tiers.name')}</th>
              {(['minLevel', 'xpMultiplier', 'rewardMultiplier', 'canEarnRewards', 'hasNfcAccess', 'canReserveStations', 'maxReservationHours'] as const).map((k) => (
                <th key={k} scope="col">
                  {t(`cat.tiers.${k}`)}
                </th>
              ))}
              <th scope="col">{t('cols.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <TierRow key={JSON.stringify(tier)} tier={tier} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="card">
        <h3>{t('cat.rewards.title')}</h3>
        <table className="wide">
          <thead>
            <tr>
              <th scope="col">{t('cols.reward')}</th>
              <th scope="col">{t('cols.onSale')}</th>
            </tr>
          </thead>
          <tbody>
            {rewards.map((r) => (
              <tr key={r.id} data-reward={r.id}>
                <td>
                  <strong>{r.name}</strong> <span className="muted small">{r.kind === 'event' ? t('cat.rewards.event') : t('cat.rewards.standard')}</span>
                  <div className="muted small">
                    {t('cat.rewards.xp', { xp: r.requiredXp })}
                    {r.benefit ? ` · ${r.benefit}` : ''}
                    {r.endsAt ? ` · ${t('cat.rewards.until', { time: dateTime(r.endsAt) })}` : ''}
                  </div>
                </td>
                <td>
                  <CheckboxField label={t('setup.offerActive')} checked={r.active} onChecked={(active) => void service.setRewardActive(r.id, active)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <form className="row wrap" onSubmit={add} aria-label={t('cat.rewards.add')}>
          <SelectField
            label={t('cat.rewards.kind')}
            value={draft.kind}
            onValue={(kind) => setDraft({ ...draft, kind: kind === 'event' ? 'event' : 'standard' })}
            options={[
              { value: 'standard', label: t('cat.rewards.standard') },
              { value: 'event', label: t('cat.rewards.event') },
            ]}
          />
          <TextField dir="auto" label={t('cat.rewards.name')} value={draft.name} onValue={(name) => setDraft({ ...draft, name })} />
          <NumberField inputClassName="num-input" label={t('cat.rewards.requiredXp')} value={xp} onValue={setXp} />
          <TextField dir="auto" className="grow" label={t('cat.rewards.description')} value={draft.description} onValue={(description) => setDraft({ ...draft, description })} />
          {draft.kind === 'event' && (
            <>
              <TextField dir="auto" label={t('cat.rewards.benefit')} value={draft.benefit} onValue={(benefit) => setDraft({ ...draft, benefit })} />
              <DateTimeField label={t('cat.rewards.endsAt')} value={draft.endsAt} onValue={(endsAt) => setDraft((d) => ({ ...d, endsAt }))} />
            </>
          )}
          <Button type="submit" variant="primary" disabled={!draft.name.trim() || wholeOrNull(xp) === null}>
            {t('cat.rewards.add')}
          </Button>
        </form>
      </div>
      <div className="card">
        <h3>{t('cat.claims.title')}</h3>
        {claims.length === 0 ? (
          <p className="muted">{t('cat.empty')}</p>
        ) : (
          <table className="wide">
            <thead>
              <tr>
                <th scope="col">{t('cols.claim')}</th>
                <th scope="col">{t('cols.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {claims.map((c) => (
                <tr key={c.id}>
                  <td>
                    <strong>{c.username}</strong> {c.rewardDescription} <span className="muted small">{dateTime(c.createdAt)}</span>
                  </td>
                  <td>
                    <div className="row end">
                      <Button variant="primary" onClick={() => void service.claim(c.id, 'deliver')}>
                        {t('cat.claims.deliver')}
                      </Button>
                      <Button onClick={() => void service.claim(c.id, 'cancel')}>{t('cat.claims.cancel')}</Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
