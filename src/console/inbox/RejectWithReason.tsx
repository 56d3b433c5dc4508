/** "Reject" on an inbox row: opens a reason field; the order is rejected with the reason typed (never an empty one). Shared controls. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button.js';
import { TextField } from '../../shared/ui/Field.js';

export function RejectWithReason({ onReject }: { onReject(reason: string): void }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!rejecting) return <Button onClick={() => setRejecting(true)}>{t('inbox.reject')}</Button>;
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) onReject(reason.trim());
      }}
    >
      <TextField label={t('inbox.rejectReason')} labelHidden value={reason} onValue={setReason} placeholder={t('inbox.rejectReason')} autoFocus />
      <Button type="submit">{t('inbox.reject')}</Button>
    </form>
  );
}
