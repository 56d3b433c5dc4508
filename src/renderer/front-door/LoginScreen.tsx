/**
 * SPEC §2 login / lock screen: the background, the slide-out station panel,
 * the announcement and WiFi QR, and the card that flips between the login
 * face (or the forgot-password form) and the sign-up face, with the NFC and
 * phone modals and the login gates above it.
 */
import { Check } from 'lucide-react';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { SUCCESS_FLIP_BACK_MS } from '../../shared/constants.js';
import { BrandTitle } from '../ui/BrandTitle.js';
import { useTimeout } from '../core/time/useTimeout.js';
import { useFrontDoor } from './index.js';
import { LoginGates } from './gates/LoginGates.js';
import { selectIsSignedIn, useSessionStore } from '../session/sessionStore.js';
import { ForgotPasswordForm } from './login/ForgotPasswordForm.js';
import { LanguageToggle } from '../ui/LanguageToggle.js';
import { LoginBackground } from './LoginBackground.js';
import { LoginForm } from './login/LoginForm.js';
import { NfcLoginModal } from './nfc/NfcLoginModal.js';
import { QrLoginModal } from './qr/QrLoginModal.js';
import type { SignUpPrefill } from './sign-up/SignUpForm.js';
import { StationNotices } from './station-panel/StationNotices.js';
import { StationPanel } from './station-panel/StationPanel.js';
import './login.css';

// Sign-up (with its country list) loads when a visitor opens it, not with the lock screen.
const SignUpForm = lazy(() => import('./sign-up/SignUpForm.js').then((m) => ({ default: m.SignUpForm })));
const PhoneVerificationModal = lazy(() =>
  import('./sign-up/PhoneVerificationModal.js').then((m) => ({ default: m.PhoneVerificationModal })),
);

type Face = 'login' | 'forgot' | 'signup';
type Dialog = { kind: 'nfc' } | { kind: 'qr' } | { kind: 'phone'; phone: string; registrationKey: string } | null;

export function LoginScreen() {
  const { t } = useTranslation();
  const { requests } = useFrontDoor();
  const signedIn = useSessionStore(selectIsSignedIn);
  const [face, setFace] = useState<Face>('login');
  const [signUpKey, setSignUpKey] = useState(0);
  const [prefill, setPrefill] = useState<SignUpPrefill | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flipBackAt, setFlipBackAt] = useState<number | null>(null);
  /** The registration is done: its message stands in for the (cleared) form until the flip. */
  const [registeredKey, setRegisteredKey] = useState<'register.success' | 'register.phoneVerified' | null>(null);

  // SPEC §4 Registration: the success message, then back to the login face after 2 s.
  useTimeout(flipBackAt, SUCCESS_FLIP_BACK_MS, () => {
    setFace('login');
    setSignUpKey((k) => k + 1);
    setFlipBackAt(null);
    setRegisteredKey(null);
  });

  const registered = useCallback((key: 'register.success' | 'register.phoneVerified') => {
    // The form goes at once (the password with it; no availability check of the new name), the message shows.
    setRegisteredKey(key);
    setPrefill(null);
    setSignUpKey((k) => k + 1);
    setFlipBackAt(Date.now());
  }, []);
  const closeDialog = useCallback(() => setDialog(null), []);

  // Once a user exists (login or guest unlock), go to the dashboard, replacing history.
  if (signedIn) return <Navigate to="/dashboard" replace />;
  const flipped = face === 'signup';
  return (
    <main className="backdrop login" data-testid="login-screen">
      <LoginBackground />
      <StationPanel />
      <LanguageToggle />
      <StationNotices />
      <section className={`login__card${flipped ? ' login__card--flipped' : ''}`} aria-labelledby="login-title">
        <header className="login__header" id="login-title">
          <BrandTitle className="login__brand" />
        </header>
        <div className="login__face" key={face === 'signup' ? `signup-${signUpKey}` : face}>
          {face === 'login' && (
            <LoginForm
              onForgotPassword={() => setFace('forgot')}
              onCreateAccount={() => {
                setPrefill(null);
                setFace('signup');
              }}
              onNfc={() => setDialog({ kind: 'nfc' })}
              onQr={() => setDialog({ kind: 'qr' })}
            />
          )}
          {face === 'forgot' && <ForgotPasswordForm onBack={() => setFace('login')} />}
          {face === 'signup' && registeredKey && (
            <div className="login-form login__registered" role="status" data-testid="registered">
              <div className="modal__icon modal__icon--success" aria-hidden="true">
                <Check size={28} />
              </div>
              <p className="login__registered-text">{t(registeredKey)}</p>
            </div>
          )}
          {face === 'signup' && !registeredKey && (
            <Suspense fallback={<div className="spinner" role="status" aria-label={t('login.signUpTitle')} />}>
              <SignUpForm
                prefill={prefill}
                onBackToLogin={() => {
                  setPrefill(null);
                  setFace('login');
                }}
                onRegistered={() => registered('register.success')}
                onVerifyPhone={(phone, registrationKey) => setDialog({ kind: 'phone', phone, registrationKey })}
              />
            </Suspense>
          )}
        </div>
        {face === 'login' && (
          <p className="login__hint" data-testid="guest-hint">
            {t('login.guestHint')}
          </p>
        )}
      </section>
      {dialog?.kind === 'nfc' && <NfcLoginModal onClose={closeDialog} />}
      {dialog?.kind === 'qr' && (
        <QrLoginModal
          onClose={closeDialog}
          onSignUp={(next) => {
            setPrefill(next);
            setSignUpKey((k) => k + 1);
            setFace('signup');
          }}
        />
      )}
      {dialog?.kind === 'phone' && (
        <Suspense fallback={null}>
          <PhoneVerificationModal
            phone={dialog.phone}
            verify={(code) => requests.verifyPhone(dialog.phone, code, dialog.registrationKey)}
            resend={() => requests.resendPhoneCode(dialog.phone)}
            onVerified={() => {
              setDialog(null);
              registered('register.phoneVerified');
            }}
            onCancel={closeDialog}
          />
        </Suspense>
      )}
      <LoginGates />
    </main>
  );
}
