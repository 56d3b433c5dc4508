/** What the CLI also reads: games played lately, a station's last heartbeats, and (owner) the messages sent to customers. */
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/Field.js';
import { useSlice } from '../../core/feature.js';
import { Status } from '../../ui/Status.js';
import { useCatalogue } from '../index.js';
import { useRoom } from '../../room/index.js';
import { useFormat } from '../../ui/useFormat.js';

export function ToolsTab({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { dateTime, duration } = useFormat();
  const catalogue = useCatalogue();
  const room = useRoom();
  const service = catalogue.tools;
  const stations = useSlice(room.store, (s) => s.stations);
  const plays = useSlice(service.store, (s) => s.plays);
  const outbox = useSlice(service.store, (s) => s.outbox);
  const heartbeats = useSlice(service.store, (s) => s.heartbeats);
  const error = useSlice(service.store, (s) => s.error);
  /** A play's station in the room's words (PC 3, or its name), never its raw id. */
  const stationOf = (p: { stationId: string; stationNumber?: number | null }) => {
    const known = stations.find((s) => s.id === p.stationId);
    const number = p.stationNumber ?? known?.number ?? null;
    return number !== null ? t('room.pc', { number }) : (known?.name ?? '—');
  };
  return (
    <div className="stack">
      <Status error={error} />
      <div className="card">
        <h3>{t('cat.tools.plays')}</h3>
        {plays.length === 0 ? (
          <p className="muted">{t('cat.empty')}</p>
        ) : (
          <table className="wide" data-testid="plays">
            <thead>
              <tr>
                <th scope="col">{t('cols.game')}</th>
                <th scope="col">{t('cols.customer')}</th>
                <th scope="col">{t('cols.station')}</th>
                <th scope="col">{t('cols.started')}</th>
                <th scope="col">{t('cols.playedFor')}</th>
              </tr>
            </thead>
            <tbody>
              {plays.map((p) => (
                <tr key={p.id}>
                  <td dir="auto">{p.gameName}</td>
                  <td>{p.username ?? '—'}</td>
                  <td>{stationOf(p)}</td>
                  <td className="small">{dateTime(p.startTime)}</td>
                  <td className="small">{p.endTime ? duration(Math.round(p.durationMinutes ?? 0)) : t('cat.tools.playing')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="card">
        <h3>{t('cat.tools.heartbeats')}</h3>
        <SelectField
          className="tools__station"
          label={t('cat.tools.station')}
          value={heartbeats?.stationId ?? ''}
          onValue={(id) => id && void service.heartbeatsOf(id)}
          options={[{ value: '', label: t('cat.tools.pick') }, ...stations.map((s) => ({ value: s.id, label: `${s.number} ${s.name}` }))]}
        />
        {heartbeats && (
          <ul className="plain small mono">
            {heartbeats.beats.length === 0 && <li className="muted">{t('cat.empty')}</li>}
            {heartbeats.beats.map((b) => (
              <li key={b.receivedAt}>
                {dateTime(b.receivedAt)} — {JSON.stringify(b.body)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {isOwner && (
        <div className="card">
          <h3>{t('cat.tools.outbox')}</h3>
          <p className="muted small">{t('cat.tools.outboxHint')}</p>
          {outbox.length === 0 ? (
            <p className="muted">{t('cat.empty')}</p>
          ) : (
            <table className="wide" data-testid="outbox">
              <thead>
                <tr>
                  <th scope="col">{t('cols.sent')}</th>
                  <th scope="col">{t('cols.to')}</th>
                  <th scope="col">{t('cols.message')}</th>
                </tr>
              </thead>
              <tbody>
                {outbox.map((m) => (
                  <tr key={m.id}>
                    <td className="small">{dateTime(m.createdAt)}</td>
                    <td>
                      <span dir="ltr">{m.recipient}</span>
                      <div className="muted small">{t(`cat.tools.channel.${m.channel}`)}</div>
                    </td>
                    <td dir="auto">
                      <strong>{m.subject}</strong>
                      <div className="small">{m.body}</div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
