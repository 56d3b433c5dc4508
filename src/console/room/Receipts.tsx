/** What each station answered to what staff sent: sent, delivered, done, or failed with the reason. */
import { useTranslation } from 'react-i18next';
import type { Receipt } from '../../shared/api/console.js';
import { useSlice } from '../core/feature.js';
import { receiptLine, reasonText } from './receiptText.js';
import { useRoom } from './index.js';
import { useFormat } from '../ui/useFormat.js';

export function Receipts() {
  const { t } = useTranslation();
  const room = useRoom();
  const receipts = useSlice(room.store, (s) => s.receipts);
  return (
    <aside className="receipts card" aria-label={t('receipts.title')}>
      <h3>{t('receipts.title')}</h3>
      {receipts.length === 0 ? (
        <p className="muted small">{t('receipts.empty')}</p>
      ) : (
        <ol>
          {receipts.slice(0, 30).map((r) => (
            <ReceiptItem key={r.id} receipt={r} />
          ))}
        </ol>
      )}
    </aside>
  );
}

/** One receipt: what was sent, its state (and why it failed), who sent it and when; the room's and the Stations screen's lists. */
export function ReceiptItem({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { clock } = useFormat();
  return (
    <li className={`receipt receipt-${r.state}`} data-station={r.stationId} data-action={r.action}>
      <span>{receiptLine(t, r)}</span>
      {r.reason && <span className="small">{reasonText(t, r.reason)}</span>}
      <span className="small muted">
        {r.by} · {clock(r.at)}
      </span>
    </li>
  );
}
