/** SPEC §3 local notifications: the list the bell counts and the panel shows. */
import { create } from 'zustand';
import type { NotificationTone, NotificationType } from './notificationsService.js';

export interface LocalNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: unknown;
  /** Good or bad news (an order approved or refused); none for friend events. */
  tone?: NotificationTone;
  /** Epoch milliseconds. */
  timestamp: number;
  read: boolean;
}

export interface NotificationsState {
  /** Newest first, at most NOTIFICATION_LIST_CAP. */
  items: LocalNotification[];
  panelOpen: boolean;
}

export const INITIAL_NOTIFICATIONS_STATE: NotificationsState = { items: [], panelOpen: false };

export const useNotificationsStore = create<NotificationsState>()(() => ({ ...INITIAL_NOTIFICATIONS_STATE }));

export type NotificationsStore = typeof useNotificationsStore;

export const selectUnread = (s: NotificationsState): number => s.items.reduce((n, item) => n + (item.read ? 0 : 1), 0);
