/** A security alert over every screen (issue 22): what happened, to whom; open the inbox or dismiss (the alert stays there). */
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button.js';
import { useSlice } from '../core/feature.js';
import { useFormat } from '../ui/useFormat.js';
import { useInbox } from './index.js';
import './security.css';

export function SecurityToast({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  const { clock } = useFormat();
  const inbox = useInbox();
  const toast = useSlice(inbox.store, (s) => s.toast);
  if (!toast) return null;
  return (
    <div className="toast toast-security" role="alert" data-testid="security-toast">
      <strong>{t('inbox.security.title')}</strong>
      <span>{t(`inbox.security.${toast.kind}`, { name: toast.username })}</span>
      <span className="small">{t('inbox.security.detail', { time: clock(toast.at), name: toast.username })}</span>
      <div className="row">
        <Button
          variant="primary"
          onClick={() => {
            inbox.dismissToast();
            onOpen();
          }}
        >
          {t('inbox.security.open')}
        </Button>
        <Button onClick={inbox.dismissToast}>{t('inbox.security.dismiss')}</Button>
      </div>
    </div>
  );
}

/** The inbox's security rows: each read and marked seen by a person. */
export function SecurityItems() {
  const { t } = useTranslation();
  const { clock } = useFormat();
  const inbox = useInbox();
  const security = useSlice(inbox.store, (s) => s.security);
  return (
    <>
      {security.map((a) => (
        <li key={a.key} className="item card alert-security" data-security={a.username}>
          <div>
            <strong>{t(`inbox.security.${a.kind}`, { name: a.username })}</strong>
            <p>{t('inbox.security.detail', { time: clock(a.at), name: a.username })}</p>
          </div>
          <div className="row">
            <Button onClick={() => inbox.seenSecurity(a.key)}>{t('inbox.security.seen')}</Button>
          </div>
        </li>
      ))}
    </>
  );
}
