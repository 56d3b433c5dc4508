/** Setup → Money limits: what one staff movement and one shift may move (the owner sets them). */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../shared/ui/Field.js';
import { SubmitButton } from '../../../shared/ui/SubmitButton.js';
import { useSlice } from '../../core/feature.js';
import { useFormat } from '../../ui/useFormat.js';
import { useCatalogue } from '../index.js';

export function LimitsTab({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const { limits: service } = useCatalogue();
  const limits = useSlice(service.store, (s) => s.limits);
  const error = useSlice(service.store, (s) => s.error);
  const notice = useSlice(service.store, (s) => s.notice);
  const busy = useSlice(service.store, (s) => s.busy);
  const [form, setForm] = useState({ actionMax: '', shiftMax: '' });
  useEffect(() => {
    if (limits) setForm({ actionMax: String(limits.actionMax), shiftMax: String(limits.shiftMax) });
  }, [limits]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void service.save({ actionMax: Number(form.actionMax), shiftMax: Number(form.shiftMax) });
  };
  const digits = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value.replace(/\D/g, '') });
  return (
    <form className="card limits" onSubmit={submit} aria-label={t('cat.tab.limits')}>
      <p className="muted">{t('limits.intro')}</p>
      {limits && (
        <p data-testid="limits-now">{t('limits.now', { action: iqd(limits.actionMax), shift: iqd(limits.shiftMax) })}</p>
      )}
      <NumberField label={t('limits.action')} value={form.actionMax} onValue={digits('actionMax')} disabled={!isOwner} />
      <NumberField label={t('limits.shift')} value={form.shiftMax} onValue={digits('shiftMax')} disabled={!isOwner} />
      {isOwner ? (
        <SubmitButton className="limits__save" label={t('limits.save')} busy={busy} disabled={!form.actionMax || !form.shiftMax} />
      ) : (
        <p className="muted small">{t('limits.ownerOnly')}</p>
      )}
      {notice && <p role="status">{t('limits.saved')}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
