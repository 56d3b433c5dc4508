/** SPEC §2/§4/§5 the prepaid card redeem panel: collapsed or expanded, the code formatted as typed. */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PREPAID_CODE_LENGTH } from '../../shared/constants.js';
import { FormError } from '../ui/FormError.js';
import { TextField } from '../../shared/ui/Field.js';
import { useProfile } from './services.js';
import { useProfileStore } from './profileStore.js';

export function PrepaidPanel() {
  const { t } = useTranslation();
  const { redeem } = useProfile();
  const state = useProfileStore((s) => s.redeem);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void redeem.submit();
  };
  return (
    <section className="panel" aria-labelledby="prepaid-title" data-testid="prepaid-panel">
      <button type="button" className="panel__toggle" aria-expanded={state.expanded} onClick={() => redeem.toggle()}>
        <span id="prepaid-title" className="panel__title">
          {t('prepaid.title')}
        </span>
        <span aria-hidden="true" className="panel__chevron">
          {state.expanded ? '▴' : '▾'}
        </span>
      </button>
      {state.expanded && (
        <form className="prepaid-form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('prepaid.code')}
            name="prepaidCode"
            inputClassName="field__input--code"
            placeholder="RC-XXXX-XXXX-XXXX"
            autoComplete="off"
            dir="ltr"
            spellCheck={false}
            maxLength={PREPAID_CODE_LENGTH}
            value={state.code}
            onValue={(value) => redeem.type(value)}
          />
          <FormError error={state.error} />
          {state.added !== null && (
            <p className="prepaid-form__success" role="status">
              {t('prepaid.added', { amount: state.added.toLocaleString('en-US') })}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={state.busy}>
            {state.busy ? t('prepaid.redeeming') : t('prepaid.redeem')}
          </button>
        </form>
      )}
    </section>
  );
}
