/**
 * SPEC §2/§4/§5 edit mode: username, email, phone, display name; only the
 * changed fields are sent; a changed phone gets its code first and the phone
 * verification modal opens before the save.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../shared/entities.js';
import type { ProfileChanges, ProfileFields } from '../../shared/validation/profile.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import { joinPhone, splitPhone } from '../front-door/sign-up/countries.js';
import { PhoneInput } from '../front-door/sign-up/PhoneInput.js';
import { PhoneVerificationModal } from '../front-door/sign-up/PhoneVerificationModal.js';
import { FormError } from '../ui/FormError.js';
import { TextField } from '../../shared/ui/Field.js';
import { useProfile } from './services.js';

const fieldsOf = (user: User): ProfileFields => ({
  username: user.username,
  email: user.email ?? '',
  phoneNumber: user.phoneNumber ?? '',
  displayName: user.displayName ?? '',
});

export function EditProfile({ user, onDone }: { user: User; onDone(): void }) {
  const { t } = useTranslation();
  const { profile } = useProfile();
  const [original] = useState(() => fieldsOf(user));
  const [fields, setFields] = useState(original);
  // §5: the phone as the picker shows it (IQ by default, IL and UA excluded), digits only.
  const [phone, setPhone] = useState(() => splitPhone(user.phoneNumber));
  const [error, setError] = useState<UiMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [verify, setVerify] = useState<{ phone: string; changes: ProfileChanges } | null>(null);
  const set = (name: keyof ProfileFields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  const finish = async (outcome: Awaited<ReturnType<typeof profile.save>>) => {
    if (outcome.outcome === 'saved') onDone();
    else if (outcome.outcome === 'verify-phone') setVerify({ phone: outcome.phone, changes: outcome.changes });
    else setError(outcome.error);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // The number the customer left untouched is sent as it was stored (only changes are sent).
      const stored = splitPhone(original.phoneNumber);
      const unchanged = phone.country === stored.country && phone.number === stored.number;
      const phoneNumber = unchanged ? original.phoneNumber : joinPhone(phone.country, phone.number);
      await finish(await profile.save(original, { ...fields, phoneNumber }));
    } finally {
      setBusy(false);
    }
  };

  const onVerified = async () => {
    const pending = verify;
    setVerify(null);
    if (!pending) return;
    setBusy(true);
    try {
      await finish(await profile.commit(pending.changes));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="profile-edit" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="profile-edit">
        <TextField label={t('profile.username')} name="username" autoComplete="username" value={fields.username} onValue={set('username')} />
        <TextField label={t('profile.displayName')} name="displayName" value={fields.displayName} onValue={set('displayName')} />
        <TextField label={t('profile.email')} name="email" type="email" dir="ltr" autoComplete="email" value={fields.email} onValue={set('email')} />
        <PhoneInput
          labelId="profile-phone-label"
          label={t('profile.phone')}
          country={phone.country}
          number={phone.number}
          onCountry={(country) => setPhone((p) => ({ ...p, country }))}
          onNumber={(number) => setPhone((p) => ({ ...p, number }))}
        />
        <FormError error={error} />
        <div className="profile-edit__actions">
          <button type="button" className="button button--ghost" onClick={onDone} disabled={busy}>
            {t('profile.cancelEdit')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('profile.saving') : t('profile.save')}
          </button>
        </div>
      </form>
      {/* A sibling of the form: the modal has a form of its own, and forms do not nest. */}
      {verify && (
        <PhoneVerificationModal
          phone={verify.phone}
          verify={(code) => profile.verifyPhone(verify.phone, code)}
          resend={() => profile.resendCode(verify.phone)}
          onVerified={() => void onVerified()}
          onCancel={() => setVerify(null)}
        />
      )}
    </>
  );
}
