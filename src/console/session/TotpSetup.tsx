/** Two-step sign-in: a QR code for the authenticator app, then its first code turns it on. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/ui/Field.js';
import { SubmitButton } from '../../shared/ui/SubmitButton.js';
import { useSlice } from '../core/feature.js';
import { useSession } from './index.js';

export function TotpSetup() {
  const { t } = useTranslation();
  const session = useSession();
  const enrolment = useSlice(session.store, (s) => s.enrolment);
  const enabled = useSlice(session.store, (s) => s.session?.user.totpEnabled ?? false);
  const error = useSlice(session.store, (s) => s.error);
  const busy = useSlice(session.store, (s) => s.busy);
  const owner = useSlice(session.store, (s) => s.session?.user.role === 'owner');
  const [code, setCode] = useState('');
  const [setupCode, setSetupCode] = useState('');

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
              <TextField label={t('login.code')} value={code} onValue={setCode} inputMode="numeric" maxLength={6} dir="ltr" autoFocus />
              <SubmitButton className="" label={t('totp.confirm')} busy={busy} />
            </form>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void session.startEnrolment(owner ? setupCode.trim() : undefined);
              }}
            >
              {owner && (
                <>
                  {/* An owner's authenticator needs more than the password (issue 22). */}
                  <p className="muted small">{t('totp.setupCodeHint')}</p>
                  <TextField label={t('totp.setupCode')} value={setupCode} onValue={setSetupCode} autoComplete="off" maxLength={32} dir="ltr" autoFocus />
                </>
              )}
              <SubmitButton className="" label={t('totp.start')} busy={busy} disabled={owner && !setupCode.trim()} />
            </form>
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
