/** What the stations show: announcements, the WiFi QR, the logo and the login background video. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAnnouncement } from '../../../shared/api/admin-catalogue.js';
import { Button } from '../../../shared/ui/Button.js';
import { CheckboxField } from '../../../shared/ui/Choice.js';
import { FileField, SelectField, TextField } from '../../../shared/ui/Field.js';
import { SubmitButton } from '../../../shared/ui/SubmitButton.js';
import { useSlice } from '../../core/feature.js';
import { Status } from '../../ui/Status.js';
import { useCatalogue } from '../index.js';
import { ACCEPT } from './displayService.js';
import { useFormat } from '../../ui/useFormat.js';

/**
 * A saved announcement as a person reads it (issue 23): its title in bold, the message below, when it was added and
 * whether the stations show it, then its actions. Editing opens the fields in place; nothing repeats their labels.
 */
export function AnnouncementRow({ a, showing }: { a: AdminAnnouncement; showing: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const catalogue = useCatalogue();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(a.title);
  const [message, setMessage] = useState(a.message);
  const changed = title.trim() !== a.title || message.trim() !== a.message;
  const save = (e: FormEvent) => {
    e.preventDefault();
    void catalogue.display.updateAnnouncement(a.id, { title: title.trim(), message: message.trim() }).then((ok) => ok && setEditing(false));
  };
  const cancel = () => {
    setTitle(a.title);
    setMessage(a.message);
    setEditing(false);
  };
  return (
    <li className={`announcement${a.active ? '' : ' announcement--off'}`} data-announcement={a.id} aria-label={a.title}>
      {editing ? (
        <form className="announcement__edit" onSubmit={save} aria-label={t('cat.ann.editing', { title: a.title })}>
          <TextField dir="auto" label={t('cat.ann.titleField')} value={title} onValue={setTitle} autoFocus />
          <TextField dir="auto" className="grow" label={t('cat.ann.message')} value={message} onValue={setMessage} />
          <div className="row">
            <Button type="submit" variant="primary" disabled={!changed || !title.trim() || !message.trim()}>
              {t('cat.save')}
            </Button>
            <Button onClick={cancel}>{t('room.preview.cancel')}</Button>
          </div>
        </form>
      ) : (
        <div className="announcement__text">
          {/* Isolated, not dir="auto": a Latin title keeps its order yet lines up with the page (right in Arabic). */}
          <strong className="announcement__title">
            <bdi>{a.title}</bdi>
          </strong>
          <p className="announcement__message">
            <bdi>{a.message}</bdi>
          </p>
          <span className="muted small">
            {t('cat.ann.added', { time: dateTime(a.createdAt) })} · {showing ? t('cat.ann.isShown') : a.active ? t('cat.ann.behind') : t('cat.ann.isHidden')}
          </span>
        </div>
      )}
      {!editing && (
        <div className="announcement__actions">
          <CheckboxField label={t('cat.ann.shown')} checked={a.active} onChecked={(active) => void catalogue.display.updateAnnouncement(a.id, { active })} />
          <Button onClick={() => setEditing(true)} aria-label={t('cat.ann.edit', { title: a.title })}>
            {t('cat.ann.editShort')}
          </Button>
        </div>
      )}
    </li>
  );
}

export function DisplayTab() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const catalogue = useCatalogue();
  const service = catalogue.display;
  const announcements = useSlice(service.store, (s) => s.announcements);
  // The stations show the newest one that is on (the list is newest first): only that one says it is shown.
  const showing = announcements.find((a) => a.active)?.id ?? null;
  const wifi = useSlice(service.store, (s) => s.wifi);
  const uploaded = useSlice(service.store, (s) => s.uploaded);
  const error = useSlice(service.store, (s) => s.error);
  const busy = useSlice(service.store, (s) => s.busy);
  const [draft, setDraft] = useState({ title: '', message: '' });
  const [net, setNet] = useState({ ssid: '', password: '', security: 'WPA' as 'WPA' | 'WEP' | 'nopass' });
  const [files, setFiles] = useState<{ logo: File | null; video: File | null }>({ logo: null, video: null });
  const add = (e: FormEvent) => {
    e.preventDefault();
    void service.addAnnouncement(draft.title.trim(), draft.message.trim()).then((ok) => ok && setDraft({ title: '', message: '' }));
  };
  const saveWifi = (e: FormEvent) => {
    e.preventDefault();
    void service.setWifi(net.ssid.trim(), net.password, net.security).then((ok) => ok && setNet({ ...net, password: '' }));
  };
  return (
    <div className="stack">
      <Status error={error} notice={uploaded ? t('cat.media.uploaded', { name: uploaded.filename, bytes: uploaded.bytes }) : null} />
      <div className="card">
        <h3>{t('cat.ann.title')}</h3>
        <p className="muted small">{t('cat.ann.hint')}</p>
        <ul className="plain announcements">
          {announcements.map((a) => (
            <AnnouncementRow key={`${a.id}:${a.title}:${a.message}`} a={a} showing={a.id === showing} />
          ))}
        </ul>
        <form className="row wrap" onSubmit={add} aria-label={t('cat.ann.add')}>
          <TextField dir="auto" label={t('cat.ann.newTitle')} value={draft.title} onValue={(title) => setDraft({ ...draft, title })} />
          <TextField dir="auto" className="grow" label={t('cat.ann.newMessage')} value={draft.message} onValue={(message) => setDraft({ ...draft, message })} />
          <Button type="submit" variant="primary" disabled={!draft.title.trim() || !draft.message.trim()}>
            {t('cat.ann.add')}
          </Button>
        </form>
      </div>
      <div className="two-col">
        <div className="card">
          <h3>{t('cat.wifi.title')}</h3>
          {wifi ? (
            <div className="row">
              <img className="qr" src={`data:image/png;base64,${wifi.qrCodeBase64}`} alt={t('cat.wifi.qrOf', { ssid: wifi.ssid })} width={128} height={128} />
              <div>
                <strong>{wifi.ssid}</strong>
                <div className="muted small">{dateTime(wifi.createdAt)}</div>
                <Button variant="danger" onClick={() => void service.clearWifi()}>
                  {t('cat.wifi.clear')}
                </Button>
              </div>
            </div>
          ) : (
            <p className="muted">{t('cat.wifi.none')}</p>
          )}
          <form onSubmit={saveWifi} aria-label={t('cat.wifi.set')}>
            <TextField label={t('cat.wifi.ssid')} value={net.ssid} onValue={(ssid) => setNet({ ...net, ssid })} dir="auto" autoComplete="off" />
            <SelectField
              label={t('cat.wifi.security')}
              value={net.security}
              onValue={(security) => setNet({ ...net, security: security === 'WEP' || security === 'nopass' ? security : 'WPA' })}
              options={[
                { value: 'WPA', label: 'WPA/WPA2' },
                { value: 'WEP', label: 'WEP' },
                { value: 'nopass', label: t('cat.wifi.open') },
              ]}
            />
            {net.security !== 'nopass' && (
              <TextField label={t('cat.wifi.password')} type="password" autoComplete="off" value={net.password} onValue={(password) => setNet({ ...net, password })} />
            )}
            <SubmitButton className="display__submit" label={t('cat.wifi.set')} busy={busy} disabled={!net.ssid.trim()} />
          </form>
        </div>
        <div className="card">
          <h3>{t('cat.media.title')}</h3>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (files.logo) void service.upload('logo', files.logo);
            }}
          >
            <FileField label={t('cat.media.logo')} accept={ACCEPT.logo} onFile={(logo) => setFiles({ ...files, logo })} />
            <Button type="submit" disabled={busy || !files.logo}>
              {t('cat.media.uploadLogo')}
            </Button>
          </form>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (files.video) void service.upload('background_video', files.video);
            }}
          >
            <FileField label={t('cat.media.video')} accept={ACCEPT.background_video} onFile={(video) => setFiles({ ...files, video })} />
            <Button type="submit" disabled={busy || !files.video}>
              {t('cat.media.uploadVideo')}
            </Button>
          </form>
          <p className="muted small">{t('cat.media.hint')}</p>
        </div>
      </div>
    </div>
  );
}
