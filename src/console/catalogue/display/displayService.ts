/**
 * What the stations show: announcements (add, edit, turn on or off; the
 * stations show the newest active one), the WiFi QR (made on the server from
 * the network's name and password), the logo and the login background video
 * (uploaded through the admin media routes; every station is told at once).
 */
import {
  adminAnnouncements,
  adminCreateAnnouncement,
  adminSetWifi,
  adminUpdateAnnouncement,
  adminWifi,
} from '../../../shared/api/admin-catalogue.js';
import { adminUploadBackgroundVideo, adminUploadLogo, MEDIA_CONTENT_TYPES } from '../../../shared/api/admin-store.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createDisplayStore } from './displayStore.js';
export type { Wifi } from './displayStore.js';

/** What each upload's file picker accepts (the server checks the type again). */
export const ACCEPT = { logo: MEDIA_CONTENT_TYPES.logo.join(','), background_video: MEDIA_CONTENT_TYPES.background_video.join(',') } as const;

export class DisplayService {
  readonly store = createDisplayStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      const [announcements, { wifi }] = await Promise.all([this.http.call(adminAnnouncements), this.http.call(adminWifi)]);
      this.store.setState({ announcements, wifi });
    });

  addAnnouncement = (title: string, message: string) =>
    act(this.store, async () => {
      await this.http.call(adminCreateAnnouncement, { body: { title, message, active: true } });
      this.store.setState({ announcements: await this.http.call(adminAnnouncements) });
    });

  updateAnnouncement = (id: string, change: { title?: string; message?: string; active?: boolean }) =>
    act(this.store, async () => {
      const updated = await this.http.call(adminUpdateAnnouncement, { params: { id }, body: change });
      this.store.setState({ announcements: this.store.getState().announcements.map((a) => (a.id === id ? updated : a)) });
    });

  setWifi = (ssid: string, password: string, security: 'WPA' | 'WEP' | 'nopass') =>
    act(this.store, async () => {
      const { wifi } = await this.http.call(adminSetWifi, { body: { ssid, password, security } });
      this.store.setState({ wifi });
    });

  clearWifi = () =>
    act(this.store, async () => {
      const { wifi } = await this.http.call(adminSetWifi, { body: { active: false } });
      this.store.setState({ wifi });
    });

  upload = (type: 'logo' | 'background_video', file: File) =>
    act(this.store, async () => {
      const allowed: readonly string[] = MEDIA_CONTENT_TYPES[type];
      const contentType = allowed.includes(file.type) ? file.type : (allowed[0] as string);
      const route = type === 'logo' ? adminUploadLogo : adminUploadBackgroundVideo;
      const answer = await this.http.upload(route, file, contentType);
      this.store.setState({ uploaded: { type: answer.type, filename: answer.filename, bytes: answer.bytes } });
    });
}
