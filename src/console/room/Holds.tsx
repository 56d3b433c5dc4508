/** Holds: reserve the selected stations for an event or a customer from a time to a time; release one early. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button.js';
import { DateTimeField } from '../../shared/ui/DateField.js';
import { TextField } from '../../shared/ui/Field.js';
import { useSlice } from '../core/feature.js';
import { useRoom } from './index.js';
import { STATIONS } from '../ui/plurals.js';
import { useFormat } from '../ui/useFormat.js';

/** A date-and-time value (YYYY-MM-DDTHH:mm, the desk's local time) from a date. */
const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export function HoldForm({ selected, onDone }: { selected: string[]; onDone(): void }) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const room = useRoom();
  const [now] = useState(() => new Date());
  const [form, setForm] = useState({ label: '', customer: '', from: local(now), to: local(new Date(now.getTime() + 2 * 3600_000)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.label.trim()) void room.hold(selected, form).then((ok) => ok && onDone());
  };
  return (
    <form className="card row wrap" onSubmit={submit} aria-label={t('room.hold')}>
      <TextField label={t('holds.label')} className="grow" value={form.label} onValue={(label) => setForm({ ...form, label })} autoFocus />
      <TextField label={t('holds.customer')} value={form.customer} onValue={(customer) => setForm({ ...form, customer })} />
      <DateTimeField label={t('holds.from')} value={form.from} onValue={(from) => setForm((f) => ({ ...f, from }))} required />
      <DateTimeField label={t('holds.to')} value={form.to} onValue={(to) => setForm((f) => ({ ...f, to }))} min={form.from} required />
      <Button variant="primary" type="submit" disabled={selected.length === 0}>
        {t('holds.create', { stations: count(selected.length, STATIONS) })}
      </Button>
    </form>
  );
}

export function HoldList() {
  const { t } = useTranslation();
  // To the minute, as the hold's fields take them.
  const { dateTime } = useFormat();
  const room = useRoom();
  const holds = useSlice(room.store, (s) => s.holds);
  const open = holds.filter((h) => h.state !== 'released');
  // A release in flight: its button stays disabled so a second click cannot send it twice.
  const [releasing, setReleasing] = useState<ReadonlySet<string>>(new Set());
  const release = (id: string) => {
    setReleasing((s) => new Set(s).add(id));
    void room.release(id).finally(() =>
      setReleasing((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      }),
    );
  };
  return (
    <aside className="card holds" aria-label={t('holds.title')}>
      <h3>{t('holds.title')}</h3>
      {open.length === 0 ? (
        <p className="muted small">{t('holds.empty')}</p>
      ) : (
        <ol>
          {open.map((h) => (
            <li key={h.id} className={`hold hold-${h.state}`} data-station={h.stationId}>
              <span>{t('holds.line', { number: h.stationNumber ?? '?', label: h.customer ? `${h.label} (${h.customer})` : h.label })}</span>
              <span className="small muted">
                {dateTime(h.startsAt)} → {dateTime(h.endsAt)} · {t(`holds.state.${h.state}`)}
              </span>
              <Button disabled={releasing.has(h.id)} onClick={() => release(h.id)}>
                {t('holds.release')}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
