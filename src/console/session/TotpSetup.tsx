/** Two-step sign-in: a QR code for the authenticator app, then its first code turns it on. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { useSession } from './index.js';

export function TotpSetup() {
  const { t } = useTranslation();
  const session = useSession();
  const enrolment = useSlice(session.store, (s) => s.enrolment);
  const enabled = useSlice(session.store, (s) => s.session?.user.totpEnabled ?? false);
  const error = useSlice(session.store, (s) => s.error);
  const busy = useSlice(session.store, (s) => s.busy);
  const [code, setCode] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void session.confirmEnrolment(code.trim());
  };

  return (
    <section className="card narrow" aria-label={t('totp.title')}>
      <h2>{t('totp.title')}</h2>
      {enabled ? (
        <p>{t('totp.enabled')}</p>
      ) : (
        <>
          <p className="muted">{t('totp.intro')}</p>
          {enrolment ? (
            <form onSubmit={submit}>
              <img className="qr" src={enrolment.qrDataUrl} alt="otpauth QR" />
              <p className="mono small">{t('totp.secret', { secret: enrolment.secret })}</p>
              <label>
                {t('login.code')}
                <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" maxLength={6} autoFocus />
              </label>
              <button type="submit" className="primary" disabled={busy}>
                {t('totp.confirm')}
              </button>
            </form>
          ) : (
            <button type="button" className="primary" onClick={() => void session.startEnrolment()} disabled={busy}>
              {t('totp.start')}
            </button>
          )}
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
