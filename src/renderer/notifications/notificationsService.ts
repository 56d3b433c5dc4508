/**
 * SPEC §3/§9 local notifications: friend requests, acceptances, pings and
 * status changes pushed by the features that hear of them. The list keeps
 * the newest NOTIFICATION_LIST_CAP; each push shows a toast of 3–4 s and
 * plays a short sound at volume 0.3; opening the panel from the bell marks
 * every notification read.
 */
import { NOTIFICATION_LIST_CAP } from '../../shared/constants.js';
import { useNotificationsStore, type LocalNotification, type NotificationsStore } from './notificationsStore.js';

export const NOTIFICATION_TYPES = ['friend_request', 'friend_accepted', 'ping', 'status_change'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** §9 "toast 3 to 4 s": what needs an answer stays the longer. */
export const NOTIFICATION_TOAST_MS: Record<NotificationType, number> = {
  friend_request: 4_000,
  ping: 4_000,
  friend_accepted: 3_000,
  status_change: 3_000,
};

/** How the news reads for the customer: good (an order approved) or bad (refused); the toast and the bell show it. */
export type NotificationTone = 'positive' | 'negative';

export interface PushNotification {
  type: NotificationType;
  title: string;
  message: string;
  data?: unknown;
  tone?: NotificationTone;
}

export interface NotificationsDeps {
  /** Show one toast (react-hot-toast, loaded on demand, in the running app). */
  toast: (notification: LocalNotification, durationMs: number) => void;
  /** Play the notification sound once (at NOTIFICATION_SOUND_VOLUME). */
  playSound: () => void;
  store?: NotificationsStore;
  now?: () => number;
}

export class NotificationsService {
  private readonly store: NotificationsStore;
  private readonly now: () => number;
  private sequence = 0;

  constructor(private readonly deps: NotificationsDeps) {
    this.store = deps.store ?? useNotificationsStore;
    this.now = deps.now ?? Date.now;
  }

  push(input: PushNotification): LocalNotification {
    this.sequence += 1;
    const timestamp = this.now();
    const notification: LocalNotification = {
      id: `n-${timestamp}-${this.sequence}`,
      type: input.type,
      title: input.title,
      message: input.message,
      ...(input.data === undefined ? {} : { data: input.data }),
      ...(input.tone === undefined ? {} : { tone: input.tone }),
      timestamp,
      // Pushed while the panel is open: seen at once.
      read: this.store.getState().panelOpen,
    };
    this.store.setState((s) => ({ items: [notification, ...s.items].slice(0, NOTIFICATION_LIST_CAP) }));
    this.deps.toast(notification, NOTIFICATION_TOAST_MS[input.type]);
    this.deps.playSound();
    return notification;
  }

  /** The bell: open the panel (marking everything read) or close it. */
  togglePanel(): void {
    if (this.store.getState().panelOpen) this.closePanel();
    else this.openPanel();
  }

  openPanel(): void {
    this.store.setState((s) => ({ panelOpen: true, items: s.items.map((item) => (item.read ? item : { ...item, read: true })) }));
  }

  closePanel(): void {
    this.store.setState({ panelOpen: false });
  }

  /** A new session starts with an empty list. */
  clear(): void {
    this.store.setState({ items: [], panelOpen: false });
  }
}
