/** A form's error line: an alert a screen reader announces; nothing when there is no error. */
import { useTranslation } from 'react-i18next';
import { translate, type UiMessage } from '../core/i18n/uiMessage.js';

export function FormError({ error, testId }: { error: UiMessage | null; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="login-form__error" role="alert" data-testid={testId}>
      {translate(t, error)}
    </p>
  );
}
