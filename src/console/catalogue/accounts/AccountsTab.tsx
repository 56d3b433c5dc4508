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
import { Button } from '../../../shared/ui/Button.js';
import { CheckboxGroup } from '../../../shared/ui/Choice.js';
import { PasswordField, SelectField, TextField } from '../../../shared/ui/Field.js';
import { useSlice } from '../../core/feature.js';
import { GAMES } from '../../ui/plurals.js';
import { Status } from '../../ui/Status.js';
import { useFormat } from '../../ui/useFormat.js';
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
            <Button onClick={service.hide}>{t('cat.accounts.hide')}</Button>
          </div>
        )}
        {rotating && (
          <form className="row" onSubmit={rotate}>
            <PasswordField purpose="new" label={t('cat.accounts.newPassword')} value={password} onValue={setPassword} />
            <Button type="submit" variant="primary" disabled={!password}>
              {t('cat.save')}
            </Button>
            <Button onClick={() => setRotating(false)}>{t('room.preview.cancel')}</Button>
          </form>
        )}
      </td>
      <td>
        <div className="row end wrap">
          {a.holder && (
            <Button onClick={() => void service.action(a.id, 'release')}>{t('setup.release')}</Button>
          )}
          {a.flag && (
            <Button onClick={() => void service.action(a.id, 'unflag')}>{t('setup.unflag')}</Button>
          )}
          {isOwner && (
            <>
              <Button onClick={() => setRotating(true)}>{t('cat.accounts.rotate')}</Button>
              {revealed === null && <Button onClick={() => void service.reveal(a.id)}>{t('cat.accounts.reveal')}</Button>}
              <Button variant={a.disabled ? 'ghost' : 'danger'} onClick={() => void service.action(a.id, a.disabled ? 'enable' : 'disable')}>
                {a.disabled ? t('setup.enable') : t('setup.disable')}
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

export function AccountsTab({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const catalogue = useCatalogue();
  const service = catalogue.accounts;
  const accounts = useSlice(service.store, (s) => s.accounts);
  const groups = useSlice(catalogue.groups.store, (s) => s.groups);
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
  return (
    <div className="stack">
      <Status error={error} notice={notice ? t('cat.accounts.added', { name: notice }) : null} />
      {isOwner && (
        <form className="card row wrap" onSubmit={add} aria-label={t('cat.accounts.add')}>
          <SelectField
            label={t('cat.accounts.platform')}
            value={String(form.platform)}
            onValue={(platform) => setForm({ ...form, platform: Number(platform), games: [] })}
            options={CENTRE_PLATFORMS.map((p) => ({ value: String(p), label: platformName(p) }))}
          />
          <TextField label={t('cat.accounts.username')} value={form.username} onValue={(username) => setForm({ ...form, username })} autoComplete="off" dir="ltr" />
          <PasswordField purpose="new" label={t('cat.accounts.password')} value={form.password} onValue={(password) => setForm({ ...form, password })} />
          <SelectField
            label={t('cat.accounts.group')}
            value={form.stationGroup}
            onValue={(stationGroup) => setForm({ ...form, stationGroup })}
            options={[{ value: '', label: t('cat.accounts.everyGroup') }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
          />
          <CheckboxGroup
            className="full game-pick"
            legend={t('cat.accounts.pickGames')}
            options={ofPlatform.map((g) => ({ value: g.jsonId, label: g.name }))}
            value={form.games}
            onValue={(games) => setForm({ ...form, games })}
          >
            {ofPlatform.length === 0 && <p className="muted small">{t('cat.accounts.noGames')}</p>}
          </CheckboxGroup>
          {form.games.length > 0 && <p className="muted small full">{t('cat.accounts.picked', { games: count(form.games.length, GAMES) })}</p>}
          <Button type="submit" variant="primary" disabled={!form.username.trim() || !form.password}>
            {t('cat.accounts.add')}
          </Button>
          <p className="muted small full">{t('cat.accounts.writeOnly')}</p>
        </form>
      )}
      <div className="card">
        <h3>{t('setup.accounts')}</h3>
        {accounts.length === 0 ? (
          <p className="muted">{t('cat.empty')}</p>
        ) : (
          <table className="wide">
            <thead>
              <tr>
                <th scope="col">{t('cols.centreAccount')}</th>
                <th scope="col">{t('cols.state')}</th>
                <th scope="col">{t('cols.actions')}</th>
              </tr>
            </thead>
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
