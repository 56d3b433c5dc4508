/** English / Arabic switch; Arabic turns the page right to left. */
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../core/i18n/i18n.js';

export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  return (
    <div className="language-toggle" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language-toggle__option"
          aria-pressed={i18n.language === language}
          lang={language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
