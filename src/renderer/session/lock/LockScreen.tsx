/** SPEC §2 lock screen over whatever the signed-in user was doing. */
import { Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { welcomeName } from '../../../shared/format.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { useSessionStore } from '../sessionStore.js';
import { useSession } from '../index.js';
import { useLockStore } from './lockService.js';
import './lock.css';
import { CafeLogo } from '../../ui/CafeLogo.js';
import { FormError } from '../../ui/FormError.js';
import { PasswordField } from '../../../shared/ui/Field.js';
import { LAYER_LEVEL } from '../../../shared/ui/blockingLayers.js';
import { useBlockingLayer } from '../../../shared/ui/useBlockingLayer.js';

export function LockScreen() {
  const { t } = useTranslation();
  const { lock, media } = useSession();
  const session = useSessionStore((s) => s.session);
  const locked = useLockStore((s) => s.locked);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<UiMessage | null>(null);
  const [busy, setBusy] = useState(false);
  // Nothing behind the lock can be focused, clicked or activated (issue 22).
  const layer = useBlockingLayer<HTMLDivElement>(LAYER_LEVEL.lock, locked && session !== null);

  useEffect(() => {
    if (!locked) return;
    setPassword('');
    setError(null);
    return lock.listenForCards(setError);
  }, [locked, lock]);

  if (!locked || !session) return null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const failure = await lock.unlockWithPassword(password);
    setBusy(false);
    setError(failure);
  };

  return (
    <div ref={layer} tabIndex={-1} className="lock" role="dialog" aria-modal="true" aria-labelledby="lock-title" data-testid="lock-screen">
      <div className="lock__panel">
        <CafeLogo media={media} className="lock__logo" />
        <div className="modal__icon" aria-hidden="true" data-testid="lock-icon">
          <Lock size={28} />
        </div>
        <h1 className="lock__title" id="lock-title">
          {t('lock.title')}
        </h1>
        <p className="lock__text">{t('lock.text', { name: welcomeName(session.username) })}</p>
        {session.isGuest ? (
          <button type="button" className="button button--primary lock__submit" onClick={() => lock.unlockGuest()}>
            {t('lock.guestUnlock')}
          </button>
        ) : (
          <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <PasswordField purpose="current" label={t('login.password')} autoFocus value={password} onValue={setPassword} />
            <FormError error={error} />
            <button type="submit" className="button button--primary lock__submit" disabled={busy}>
              {busy ? t('lock.unlocking') : t('lock.unlock')}
            </button>
            <p className="lock__hint">{t('lock.nfcHint')}</p>
          </form>
        )}
      </div>
    </div>
  );
}
