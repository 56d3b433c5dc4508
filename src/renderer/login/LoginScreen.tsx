/** SPEC §2 login / lock screen (walking skeleton: the password login face). */
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { BrandTitle } from '../app/BrandTitle.js';
import { selectIsSignedIn, useSessionStore } from '../session/sessionStore.js';
import { LanguageToggle } from './LanguageToggle.js';
import { LoginForm } from './LoginForm.js';
import { StationPanel } from './StationPanel.js';
import './login.css';

export function LoginScreen() {
  const { t } = useTranslation();
  const signedIn = useSessionStore(selectIsSignedIn);
  // Once a user exists (login or guest unlock), go to the dashboard, replacing history.
  if (signedIn) return <Navigate to="/dashboard" replace />;
  return (
    <main className="backdrop login" data-testid="login-screen">
      <div className="login__orb login__orb--a" aria-hidden="true" />
      <div className="login__orb login__orb--b" aria-hidden="true" />
      <StationPanel />
      <LanguageToggle />
      <section className="login__card" aria-labelledby="login-title">
        <header className="login__header" id="login-title">
          <BrandTitle className="login__brand" />
        </header>
        <LoginForm />
        <p className="login__hint" data-testid="guest-hint">
          {t('login.guestHint')}
        </p>
      </section>
    </main>
  );
}
