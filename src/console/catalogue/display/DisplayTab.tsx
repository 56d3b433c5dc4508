/** What the stations show: announcements, the WiFi QR, the logo and the login background video. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAnnouncement } from '../../../shared/api/admin-catalogue.js';
import { useSlice } from '../../core/feature.js';
import { Status } from '../../ui/Status.js';
import { useCatalogue } from '../index.js';
import { ACCEPT } from './displayService.js';
import { useFormat } from '../../ui/useFormat.js';

function AnnouncementRow({ a }: { a: AdminAnnouncement }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const catalogue = useCatalogue();
  const [title, setTitle] = useState(a.title);
  const [message, setMessage] = useState(a.message);
  const changed = title.trim() !== a.title || message.trim() !== a.message;
  const save = (e: FormEvent) => {
    e.preventDefault();
    void catalogue.display.updateAnnouncement(a.id, { title: title.trim(), message: message.trim() });
  };
  return (
    <li className="announcement" data-announcement={a.id}>
      <form className="row wrap" onSubmit={save}>
        <input dir="auto" value={title} onChange={(e) => setTitle(e.target.value)} aria-label={t('cat.ann.titleField')} />
        <input dir="auto" className="grow" value={message} onChange={(e) => setMessage(e.target.value)} aria-label={t('cat.ann.message')} />
        <label className="check">
          <input type="checkbox" checked={a.active} onChange={(e) => void catalogue.display.updateAnnouncement(a.id, { active: e.target.checked })} />
          {t('cat.ann.shown')}
        </label>
        <button type="submit" disabled={!changed || !title.trim() || !message.trim()}>
          {t('cat.save')}
        </button>
        <span className="muted small">{dateTime(a.createdAt)}</span>
      </form>
    </li>
  );
}

export function DisplayTab() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const catalogue = useCatalogue();
  const service = catalogue.display;
  const announcements = useSlice(service.store, (s) => s.announcements);
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
        <ul className="plain">
          {announcements.map((a) => (
            <AnnouncementRow key={`${a.id}:${a.title}:${a.message}`} a={a} />
          ))}
        </ul>
        <form className="row wrap" onSubmit={add} aria-label={t('cat.ann.add')}>
          <input dir="auto" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} aria-label={t('cat.ann.newTitle')} placeholder={t('cat.ann.newTitle')} />
          <input dir="auto" className="grow" value={draft.message} onChange={(e) => setDraft({ ...draft, message: e.target.value })} aria-label={t('cat.ann.newMessage')} placeholder={t('cat.ann.newMessage')} />
          <button type="submit" className="primary" disabled={!draft.title.trim() || !draft.message.trim()}>
            {t('cat.ann.add')}
          </button>
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
                <button type="button" onClick={() => void service.clearWifi()}>
                  {t('cat.wifi.clear')}
                </button>
              </div>
            </div>
          ) : (
            <p className="muted">{t('cat.wifi.none')}</p>
          )}
          <form onSubmit={saveWifi} aria-label={t('cat.wifi.set')}>
            <label>
              {t('cat.wifi.ssid')}
              <input value={net.ssid} onChange={(e) => setNet({ ...net, ssid: e.target.value })} />
            </label>
            <label>
              {t('cat.wifi.security')}
              <select value={net.security} onChange={(e) => setNet({ ...net, security: e.target.value as typeof net.security })}>
                <option value="WPA">WPA/WPA2</option>
                <option value="WEP">WEP</option>
                <option value="nopass">{t('cat.wifi.open')}</option>
              </select>
            </label>
            {net.security !== 'nopass' && (
              <label>
                {t('cat.wifi.password')}
                <input type="password" autoComplete="off" value={net.password} onChange={(e) => setNet({ ...net, password: e.target.value })} />
              </label>
            )}
            <button type="submit" className="primary" disabled={busy || !net.ssid.trim()}>
              {t('cat.wifi.set')}
            </button>
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
            <label>
              {t('cat.media.logo')}
              <input type="file" accept={ACCEPT.logo} onChange={(e) => setFiles({ ...files, logo: e.target.files?.[0] ?? null })} />
            </label>
            <button type="submit" disabled={busy || !files.logo}>
              {t('cat.media.uploadLogo')}
            </button>
          </form>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (files.video) void service.upload('background_video', files.video);
            }}
          >
            <label>
              {t('cat.media.video')}
              <input type="file" accept={ACCEPT.background_video} onChange={(e) => setFiles({ ...files, video: e.target.files?.[0] ?? null })} />
            </label>
            <button type="submit" disabled={busy || !files.video}>
              {t('cat.media.uploadVideo')}
            </button>
          </form>
          <p className="muted small">{t('cat.media.hint')}</p>
        </div>
      </div>
    </div>
  );
}
