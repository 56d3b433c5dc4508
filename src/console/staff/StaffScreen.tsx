/** Staff accounts (owner): who can sign in, with which role and whether two-step sign-in is on; add one. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '../../shared/api/console.js';
import { useServices, useSlice } from '../core/services.js';
import { dateTime } from '../ui/format.js';

export function StaffScreen() {
  const { t } = useTranslation();
  const { staff } = useServices();
  const accounts = useSlice(staff.store, (s) => s.accounts);
  const error = useSlice(staff.store, (s) => s.error);
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
            <tr key={a.id}>
              <td>
                <strong>{a.username}</strong> <span className="muted">{a.displayName ?? ''}</span>
              </td>
              <td>{t(`app.role.${a.role}`)}</td>
              <td>{a.totpEnabled ? t('staff.totpOn') : t('staff.totpOff')}</td>
              <td className="muted small">{a.lastLoginAt ? t('staff.lastLogin', { time: dateTime(a.lastLoginAt) }) : t('staff.neverSignedIn')}</td>
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
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
