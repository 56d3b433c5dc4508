/** SPEC §2/§4/§5: the forced password change before the dashboard opens. */
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateForcedPasswordChange } from '../../../shared/validation/auth.js';
import { ApiError } from '../../core/api/apiError.js';
import { useFrontDoor } from '../index.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { Modal } from '../../../shared/ui/Modal.js';
import { GateCountdown } from './GateCountdown.js';
import { FormError } from '../../ui/FormError.js';
import { NewPasswordFields } from '../../ui/NewPasswordFields.js';
import { PasswordField } from '../../../shared/ui/Field.js';

export function ForcedPasswordChange() {
  const { t } = useTranslation();
  const { frontDoor } = useFrontDoor();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<UiMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateForcedPasswordChange({ currentPassword, newPassword, confirm });
    if (invalid) {
      setError({ key: invalid.key });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await frontDoor.changePassword(currentPassword, newPassword);
    } catch (err) {
      console.warn('[gate] password change failed', err);
      setBusy(false);
      setError(err instanceof ApiError && err.serverMessage ? { text: err.serverMessage } : { key: 'gate.password.failed' });
    }
  };

  return (
    <Modal labelledBy="gate-password-title" testId="gate-password">
      <div className="modal__icon" aria-hidden="true">
        <KeyRound size={28} />
      </div>
      <h2 className="modal__title" id="gate-password-title">
        {t('gate.password.title')}
      </h2>
      <p className="modal__text">{t('gate.password.text')}</p>
      <GateCountdown onTimeout={() => frontDoor.abandon()} />
      <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField purpose="current" label={t('gate.password.current')} autoFocus value={currentPassword} onValue={setCurrentPassword} />
        <NewPasswordFields
          passwordLabel={t('gate.password.new')}
          confirmLabel={t('gate.password.confirm')}
          password={newPassword}
          confirm={confirm}
          onPassword={setNewPassword}
          onConfirm={setConfirm}
        />
        <FormError error={error} />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={() => frontDoor.abandon()}>
            {t('gate.logout')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('gate.password.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
