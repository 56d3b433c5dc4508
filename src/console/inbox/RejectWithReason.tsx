/** "Reject" on an inbox row: opens a reason field; the order is rejected with the reason typed (never an empty one). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function RejectWithReason({ onReject }: { onReject(reason: string): void }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!rejecting) {
    return (
      <button type="button" onClick={() => setRejecting(true)}>
        {t('inbox.reject')}
      </button>
    );
  }
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) onReject(reason.trim());
      }}
    >
      <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('inbox.rejectReason')} aria-label={t('inbox.rejectReason')} autoFocus />
      <button type="submit">{t('inbox.reject')}</button>
    </form>
  );
}
