/** Tiers (threshold and perks, as `tiers edit`), rewards and event rewards (add, activate, deactivate), claims to hand over. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTier } from '../../../shared/api/admin-profile.js';
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
    <input className="num-input" inputMode="decimal" value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} aria-label={`${t(`cat.tiers.${key}`)} — ${tier.name}`} />
  );
  const flag = (key: 'canEarnRewards' | 'hasNfcAccess' | 'canReserveStations') => (
    <input type="checkbox" checked={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.checked })} aria-label={`${t(`cat.tiers.${key}`)} — ${tier.name}`} />
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
        <button type="button" onClick={save} disabled={!valid}>
          {t('cat.save')}
        </button>
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
              <th />
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
                  <label className="check">
                    <input type="checkbox" checked={r.active} onChange={(e) => void service.setRewardActive(r.id, e.target.checked)} />
                    {t('setup.offerActive')}
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <form className="row wrap" onSubmit={add} aria-label={t('cat.rewards.add')}>
          <select value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as NewReward['kind'] })} aria-label={t('cat.rewards.kind')}>
            <option value="standard">{t('cat.rewards.standard')}</option>
            <option value="event">{t('cat.rewards.event')}</option>
          </select>
          <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} aria-label={t('cat.rewards.name')} placeholder={t('cat.rewards.name')} />
          <input className="num-input" inputMode="numeric" value={xp} onChange={(e) => setXp(e.target.value)} aria-label={t('cat.rewards.requiredXp')} placeholder={t('cat.rewards.requiredXp')} />
          <input value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} aria-label={t('cat.rewards.description')} placeholder={t('cat.rewards.description')} />
          {draft.kind === 'event' && (
            <>
              <input value={draft.benefit} onChange={(e) => setDraft({ ...draft, benefit: e.target.value })} aria-label={t('cat.rewards.benefit')} placeholder={t('cat.rewards.benefit')} />
              <input type="datetime-local" value={draft.endsAt} onChange={(e) => setDraft({ ...draft, endsAt: e.target.value })} aria-label={t('cat.rewards.endsAt')} />
            </>
          )}
          <button type="submit" className="primary" disabled={!draft.name.trim() || wholeOrNull(xp) === null}>
            {t('cat.rewards.add')}
          </button>
        </form>
      </div>
      <div className="card">
        <h3>{t('cat.claims.title')}</h3>
        {claims.length === 0 ? (
          <p className="muted">{t('cat.empty')}</p>
        ) : (
          <table className="wide">
            <tbody>
              {claims.map((c) => (
                <tr key={c.id}>
                  <td>
                    <strong>{c.username}</strong> {c.rewardDescription} <span className="muted small">{dateTime(c.createdAt)}</span>
                  </td>
                  <td className="row end">
                    <button type="button" onClick={() => void service.claim(c.id, 'deliver')}>
                      {t('cat.claims.deliver')}
                    </button>
                    <button type="button" onClick={() => void service.claim(c.id, 'cancel')}>
                      {t('cat.claims.cancel')}
                    </button>
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
