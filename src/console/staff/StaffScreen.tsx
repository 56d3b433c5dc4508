/**
 * Staff accounts (owner): who can sign in, with which role and whether two-step sign-in is on; add one;
 * disable or enable one (with a reason), reset its password or its authenticator (each asks first, each audited).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffAccount, StaffRole } from '../../shared/api/console.js';
import { useSlice } from '../core/feature.js';
import { Button } from '../../shared/ui/Button.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { PasswordField, SelectField, TextField } from '../../shared/ui/Field.js';
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
    <ConfirmDialog
      wide
      danger={kind === 'disable'}
      title={t(`staff.ask.${kind}`, { name: account.username })}
      confirmLabel={t(`staff.confirm.${kind}`)}
      cancelLabel={t('room.preview.cancel')}
      confirmDisabled={!ready}
      onCancel={onDone}
      onConfirm={confirm}
    >
      <p>{t(`staff.ask.${kind}.detail`)}</p>
      {kind === 'password' && <PasswordField purpose="new" label={t('staff.password')} value={text} onValue={setText} dir="ltr" />}
      {kind === 'disable' && <TextField label={t('staff.reason')} value={text} onValue={setText} autoComplete="off" />}
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
        <thead>
          <tr>
            <th scope="col">{t('cols.account')}</th>
            <th scope="col">{t('cols.role')}</th>
            <th scope="col">{t('cols.twoStep')}</th>
            <th scope="col">{t('cols.lastSignIn')}</th>
            <th scope="col">{t('cols.state')}</th>
            <th scope="col">{t('cols.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id} data-staff={a.username} className={a.disabled ? 'muted' : undefined}>
              <td>
                <strong>{a.username}</strong> <span className="muted">{a.displayName ?? ''}</span>
              </td>
              <td>{t(`app.role.${a.role}`)}</td>
              <td>{a.totpEnabled ? t('staff.totpOn') : t('staff.totpOff')}</td>
              <td className="muted small">{a.lastLoginAt ? dateTime(a.lastLoginAt) : t('staff.neverSignedIn')}</td>
              <td>{a.disabled ? <strong>{t('staff.isDisabled')}</strong> : t('staff.isActive')}</td>
              <td className="row">
                {a.username !== me &&
                  (a.disabled ? (
                    <Button onClick={() => void staff.enable(a.username)}>{t('staff.enable')}</Button>
                  ) : (
                    <Button variant="danger" onClick={() => setAsking({ kind: 'disable', account: a })}>
                      {t('staff.disable')}
                    </Button>
                  ))}
                <Button onClick={() => setAsking({ kind: 'password', account: a })}>{t('staff.password.reset')}</Button>
                {a.totpEnabled && (
                  <Button onClick={() => setAsking({ kind: 'totp', account: a })}>{t('staff.totp.reset')}</Button>
                )}
                {!a.totpEnabled && a.role === 'owner' && a.username !== me && (
                  <Button onClick={() => void staff.issueSetupCode(a.username)}>{t('staff.setupCode')}</Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="card row wrap" onSubmit={submit} aria-label={t('staff.add')}>
        <TextField label={t('staff.username')} value={form.username} onValue={(username) => setForm({ ...form, username })} autoComplete="off" dir="ltr" />
        <PasswordField purpose="new" label={t('staff.password')} value={form.password} onValue={(password) => setForm({ ...form, password })} dir="ltr" />
        <TextField label={t('staff.displayName')} value={form.displayName} onValue={(displayName) => setForm({ ...form, displayName })} className="grow" />
        <SelectField
          label={t('staff.role')}
          value={form.role}
          onValue={(role) => setForm({ ...form, role: role === 'owner' ? 'owner' : 'staff' })}
          options={[
            { value: 'staff', label: t('app.role.staff') },
            { value: 'owner', label: t('app.role.owner') },
          ]}
        />
        <Button type="submit" variant="primary">
          {t('staff.add')}
        </Button>
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
