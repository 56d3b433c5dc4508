/**
 * Centre-account pools. Add an account (the password field empties once saved:
 * the server never answers it back), rotate a password (same), reveal one
 * (owner; logged by the server, shown until hidden), disable or enable,
 * force-release, clear a failed-launch flag (staff may release and clear).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_PLATFORMS, offersCentreAccounts, platformName } from '../../../shared/catalog/platforms.js';
import type { AdminGameAccount } from '../../../shared/api/admin-games.js';
import { useSlice } from '../../core/feature.js';
import { Status } from '../../ui/Status.js';
import { useCatalogue } from '../index.js';

const CENTRE_PLATFORMS = ALL_PLATFORMS.filter((p) => offersCentreAccounts(p));

function AccountRow({ a, isOwner }: { a: AdminGameAccount; isOwner: boolean }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const service = catalogue.accounts;
  const revealed = useSlice(service.store, (s) => (s.revealed?.id === a.id ? s.revealed.password : null));
  const rotated = useSlice(service.store, (s) => s.rotated === a.id);
  const [rotating, setRotating] = useState(false);
  const [password, setPassword] = useState('');
  const rotate = (e: FormEvent) => {
    e.preventDefault();
    void service.rotate(a.id, password).then((ok) => {
      if (ok) {
        setPassword('');
        setRotating(false);
      }
    });
  };
  return (
    <tr data-account={a.id}>
      <td>
        <strong>{a.accountDisplayName}</strong> <span className="muted small">{platformName(a.platform)}</span>
        <div className="mono small">{a.username}</div>
        <div className="muted small">
          {a.stationGroupName ?? t('cat.accounts.everyGroup')} · {a.games.length ? a.games.map((g) => g.name).join(', ') : t('cat.accounts.everyGame')}
        </div>
      </td>
      <td className="small">
        {a.disabled ? t('setup.disabled') : a.flag ? t('setup.flagged', { reason: a.flag.reason }) : a.holder ? t('setup.heldBy', { name: a.holder.username }) : t('setup.free')}
        {rotated && <div className="ok">{t('cat.accounts.rotated')}</div>}
        {revealed !== null && (
          <div className="row">
            <span className="mono secret" aria-label={t('cat.accounts.passwordOf', { name: a.accountDisplayName })}>
              {revealed}
            </span>
            <button type="button" onClick={service.hide}>
              {t('cat.accounts.hide')}
            </button>
          </div>
        )}
        {rotating && (
          <form className="row" onSubmit={rotate}>
            <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-label={t('cat.accounts.newPassword')} placeholder={t('cat.accounts.newPassword')} />
            <button type="submit" className="primary" disabled={!password}>
              {t('cat.save')}
            </button>
            <button type="button" onClick={() => setRotating(false)}>
              {t('room.preview.cancel')}
            </button>
          </form>
        )}
      </td>
      <td className="row end wrap">
        {a.holder && (
          <button type="button" onClick={() => void service.action(a.id, 'release')}>
            {t('setup.release')}
          </button>
        )}
        {a.flag && (
          <button type="button" onClick={() => void service.action(a.id, 'unflag')}>
            {t('setup.unflag')}
          </button>
        )}
        {isOwner && (
          <>
            <button type="button" onClick={() => setRotating(true)}>
              {t('cat.accounts.rotate')}
            </button>
            {revealed === null && (
              <button type="button" onClick={() => void service.reveal(a.id)}>
                {t('cat.accounts.reveal')}
              </button>
            )}
            <button type="button" onClick={() => void service.action(a.id, a.disabled ? 'enable' : 'disable')}>
              {a.disabled ? t('setup.enable') : t('setup.disable')}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

export function AccountsTab({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const service = catalogue.accounts;
  const accounts = useSlice(service.store, (s) => s.accounts);
  const groups = useSlice(catalogue.stations.store, (s) => s.groups);
  const error = useSlice(service.store, (s) => s.error);
  const notice = useSlice(service.store, (s) => s.notice);
  const catalogueGames = useSlice(service.store, (s) => s.games);
  const [form, setForm] = useState<{ platform: number; username: string; password: string; stationGroup: string; games: string[] }>({
    platform: CENTRE_PLATFORMS[0] as number,
    username: '',
    password: '',
    stationGroup: '',
    games: [],
  });
  const add = (e: FormEvent) => {
    e.preventDefault();
    void service.add(form).then((ok) => ok && setForm({ ...form, username: '', password: '', games: [] }));
  };
  const ofPlatform = catalogueGames.filter((g) => g.platform === form.platform);
  const pick = (jsonId: string, on: boolean) => setForm({ ...form, games: on ? [...form.games, jsonId] : form.games.filter((id) => id !== jsonId) });
  return (
    <div className="stack">
      <Status error={error} notice={notice ? t('cat.accounts.added', { name: notice }) : null} />
      {isOwner && (
        <form className="card row wrap" onSubmit={add} aria-label={t('cat.accounts.add')}>
          <select value={form.platform} onChange={(e) => setForm({ ...form, platform: Number(e.target.value), games: [] })} aria-label={t('cat.accounts.platform')}>
            {CENTRE_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {platformName(p)}
              </option>
            ))}
          </select>
          <input value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} aria-label={t('cat.accounts.username')} placeholder={t('cat.accounts.username')} autoComplete="off" />
          <input type="password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} aria-label={t('cat.accounts.password')} placeholder={t('cat.accounts.password')} autoComplete="new-password" />
          <select value={form.stationGroup} onChange={(e) => setForm({ ...form, stationGroup: e.target.value })} aria-label={t('cat.accounts.group')}>
            <option value="">{t('cat.accounts.everyGroup')}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <fieldset className="full game-pick">
            <legend>{t('cat.accounts.pickGames')}</legend>
            {ofPlatform.length === 0 ? (
              <p className="muted small">{t('cat.accounts.noGames')}</p>
            ) : (
              ofPlatform.map((g) => (
                <label key={g.jsonId} className="check">
                  <input type="checkbox" checked={form.games.includes(g.jsonId)} onChange={(e) => pick(g.jsonId, e.target.checked)} />
                  {g.name}
                </label>
              ))
            )}
            <p className="muted small">{form.games.length === 0 ? t('cat.accounts.everyGame') : t('cat.accounts.picked', { count: form.games.length })}</p>
          </fieldset>
          <button type="submit" className="primary" disabled={!form.username.trim() || !form.password}>
            {t('cat.accounts.add')}
          </button>
          <p className="muted small full">{t('cat.accounts.writeOnly')}</p>
        </form>
      )}
      <div className="card">
        <h3>{t('setup.accounts')}</h3>
        {accounts.length === 0 ? (
          <p className="muted">{t('cat.empty')}</p>
        ) : (
          <table className="wide">
            <tbody>
              {accounts.map((a) => (
                <AccountRow key={a.id} a={a} isOwner={isOwner} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
