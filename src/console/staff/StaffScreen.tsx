/**
 * Staff accounts (owner): who can sign in, with which role and whether two-step sign-in is on; add one;
 * disable or enable one (with a reason), reset its password or its authenticator (each asks first, each audited).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffAccount, StaffRole } from '../../shared/api/console.js';
import { useSlice } from '../core/feature.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { useSession } from '../session/index.js';
import { useStaff } from './index.js';
import { useFormat } from '../ui/useFormat.js';

type Asking = { kind: 'disable' | 'password' | 'totp'; account: StaffAccount };

function Ask({ asking, onDone }: { asking: Asking; onDone(): void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [text, setText] = useState('');
  const { kind, account } = asking;
  const ready = kind === 'totp' || (kind === 'password' ? text.length >= 8 : text.trim().length > 0);
  const confirm = () => {
    if (!ready) return;
    const work =
      kind === 'disable' ? staff.disable(account.username, text.trim()) : kind === 'password' ? staff.resetPassword(account.username, text) : staff.resetTotp(account.username);
    void work.then(onDone);
  };
  return (
    <ConfirmDialog wide title={t(`staff.ask.${kind}`, { name: account.username })} confirmLabel={t(`staff.confirm.${kind}`)} cancelLabel={t('room.preview.cancel')} confirmDisabled={!ready} onCancel={onDone} onConfirm={confirm}>
      <p>{t(`staff.ask.${kind}.detail`)}</p>
      {kind !== 'totp' && (
        <input
          type={kind === 'password' ? 'password' : 'text'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={t(kind === 'password' ? 'staff.password' : 'staff.reason')}
          placeholder={t(kind === 'password' ? 'staff.password' : 'staff.reason')}
          autoComplete={kind === 'password' ? 'new-password' : 'off'}
        />
      )}
    </ConfirmDialog>
  );
}

export function StaffScreen() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const staff = useStaff();
  // What the screen shows is read when it opens.
  useEffect(() => {
    void staff.load();
  }, [staff]);
  const session = useSession();
  const accounts = useSlice(staff.store, (s) => s.accounts);
  const error = useSlice(staff.store, (s) => s.error);
  const notice = useSlice(staff.store, (s) => s.notice);
  const setupCode = useSlice(staff.store, (s) => s.setupCode);
  const me = useSlice(session.store, (s) => s.session?.user.username);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [form, setForm] = useState({ username: '', password: '', displayName: '', role: 'staff' as StaffRole });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void staff.create(form).then((ok) => ok && setForm({ username: '', password: '', displayName: '', role: 'staff' }));
  };
  return (
    <section aria-label={t('staff.title')} className="staff">
      <table className="wide">
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id} data-staff={a.username} className={a.disabled ? 'muted' : undefined}>
              <td>
                <strong>{a.username}</strong> <span className="muted">{a.displayName ?? ''}</span>
              </td>
              <td>{t(`app.role.${a.role}`)}</td>
              <td>{a.totpEnabled ? t('staff.totpOn') : t('staff.totpOff')}</td>
              <td className="muted small">{a.lastLoginAt ? t('staff.lastLogin', { time: dateTime(a.lastLoginAt) }) : t('staff.neverSignedIn')}</td>
              <td>{a.disabled ? <strong>{t('staff.isDisabled')}</strong> : null}</td>
              <td className="row">
                {a.username !== me &&
                  (a.disabled ? (
                    <button type="button" onClick={() => void staff.enable(a.username)}>
                      {t('staff.enable')}
                    </button>
                  ) : (
                    <button type="button" className="danger" onClick={() => setAsking({ kind: 'disable', account: a })}>
                      {t('staff.disable')}
                    </button>
                  ))}
                <button type="button" onClick={() => setAsking({ kind: 'password', account: a })}>
                  {t('staff.password.reset')}
                </button>
                {a.totpEnabled && (
                  <button type="button" onClick={() => setAsking({ kind: 'totp', account: a })}>
                    {t('staff.totp.reset')}
                  </button>
                )}
                {!a.totpEnabled && a.role === 'owner' && a.username !== me && (
                  <button type="button" onClick={() => void staff.issueSetupCode(a.username)}>
                    {t('staff.setupCode')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="card row wrap" onSubmit={submit} aria-label={t('staff.add')}>
        <input value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} placeholder={t('staff.username')} aria-label={t('staff.username')} />
        <input type="password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} placeholder={t('staff.password')} aria-label={t('staff.password')} autoComplete="new-password" />
        <input value={form.displayName} onChange={(e) => setForm({ ...form, displayName: e.target.value })} placeholder={t('staff.displayName')} aria-label={t('staff.displayName')} />
        <select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })} aria-label={t('staff.role')}>
          <option value="staff">{t('app.role.staff')}</option>
          <option value="owner">{t('app.role.owner')}</option>
        </select>
        <button type="submit" className="primary">
          {t('staff.add')}
        </button>
      </form>
      {asking && <Ask asking={asking} onDone={() => setAsking(null)} />}
      {setupCode && (
        <p role="status" className="card">
          {t('staff.setupCode.issued', { name: setupCode.username, time: dateTime(setupCode.expiresAt) })}{' '}
          <strong className="mono" dir="ltr">
            {setupCode.code}
          </strong>
        </p>
      )}
      {notice && <p role="status">{t(`staff.done.${notice.key}`, { name: notice.username })}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
