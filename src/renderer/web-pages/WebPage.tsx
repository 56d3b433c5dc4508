/** The frame of the open web pages (reset password, verify email): the login card on the backdrop. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../shared/i18n/en.js';
import { BrandTitle } from '../ui/BrandTitle.js';
import '../front-door/login.css';

export function WebPage({ titleKey, testId, children }: { titleKey: MessageKey; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="backdrop login" data-testid={testId}>
      <div className="login__orb login__orb--a" aria-hidden="true" />
      <div className="login__orb login__orb--b" aria-hidden="true" />
      <section className="login__card" aria-labelledby="web-page-title">
        <header className="login__header">
          <BrandTitle className="login__brand" />
        </header>
        <h1 className="login-form__title" id="web-page-title">
          {t(titleKey)}
        </h1>
        {children}
      </section>
    </main>
  );
}
