/** How money taken at the desk was paid: cash or card (a top-up, an order approved at the counter). */
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shared/ui/Field.js';

export type PaymentMethod = 'cash' | 'card';

export function PaymentMethodField({ label, value, onValue }: { label: string; value: PaymentMethod; onValue: (method: PaymentMethod) => void }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      value={value}
      onValue={(v) => onValue(v === 'card' ? 'card' : 'cash')}
      options={[
        { value: 'cash', label: t('customers.method.cash') },
        { value: 'card', label: t('customers.method.card') },
      ]}
    />
  );
}
