/** Setup (owner): enrol or revoke stations, look after centre accounts, choose which offers customers see. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.js';
import { useServices, useSlice } from '../core/services.js';
import { dateTime, iqd } from '../ui/format.js';

export function SetupScreen() {
  const { t } = useTranslation();
  const { setup, room } = useServices();
  const stations = useSlice(room.store, (s) => s.stations);
  const accounts = useSlice(setup.store, (s) => s.accounts);
  const offers = useSlice(setup.store, (s) => s.offers);
  const codes = useSlice(setup.store, (s) => s.codes);
  const notice = useSlice(setup.store, (s) => s.notice);
  const error = useSlice(setup.store, (s) => s.error);
  const [revoking, setRevoking] = useState<string | null>(null);
  return (
    <section className="setup" aria-label={t('nav.setup')}>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {notice && <p role="status">{notice}</p>}
      {revoking && (
        <Dialog
          title={t('setup.revoke')}
          confirmLabel={t('setup.revoke')}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            void setup.revoke(revoking);
            setRevoking(null);
          }}
        >
          <p>{t('setup.revokeWarning', { station: revoking })}</p>
        </Dialog>
      )}
      <div className="card">
        <h3>{t('setup.stations')}</h3>
        <table>
          <tbody>
            {stations.map((s) => (
              <tr key={s.id} data-station={s.id}>
                <td>
                  <strong>{s.number}</strong> {s.name} <span className="muted small">{s.groupName ?? ''}</span>
                </td>
                <td className="mono">
                  {codes[s.id] ? t('setup.code', { code: codes[s.id]?.code, until: dateTime(codes[s.id]?.expiresAt ?? '') }) : ''}
                </td>
                <td className="row end">
                  <button type="button" onClick={() => void setup.pair(s.id)}>
                    {t('setup.pair')}
                  </button>
                  <button type="button" onClick={() => setRevoking(s.id)}>
                    {t('setup.revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="card">
        <h3>{t('setup.accounts')}</h3>
        <table>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id}>
                <td>
                  <strong>{a.accountDisplayName}</strong> <span className="muted small">{a.username}</span>
                </td>
                <td className="small">
                  {a.disabled ? t('setup.disabled') : a.flag ? t('setup.flagged', { reason: a.flag.reason }) : a.holder ? t('setup.heldBy', { name: a.holder.username }) : t('setup.free')}
                </td>
                <td className="row end">
                  {a.holder && (
                    <button type="button" onClick={() => void setup.account(a.id, 'release')}>
                      {t('setup.release')}
                    </button>
                  )}
                  {a.flag && (
                    <button type="button" onClick={() => void setup.account(a.id, 'unflag')}>
                      {t('setup.unflag')}
                    </button>
                  )}
                  <button type="button" onClick={() => void setup.account(a.id, a.disabled ? 'enable' : 'disable')}>
                    {a.disabled ? t('setup.enable') : t('setup.disable')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="card">
        <h3>{t('setup.offers')}</h3>
        <table>
          <tbody>
            {offers.map((o) => (
              <tr key={o.id}>
                <td>
                  <strong>{o.name}</strong> <span className="muted small">{t('room.balance', { amount: iqd(o.minimumPurchase) })}</span>
                </td>
                <td>
                  <label className="check">
                    <input type="checkbox" checked={o.active} onChange={(e) => void setup.offerActive(o.id, e.target.checked)} />
                    {t('setup.offerActive')}
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
