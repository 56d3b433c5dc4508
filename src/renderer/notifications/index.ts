/**
 * The notifications feature (SPEC §2 bell, §3 local notification, §9 list
 * cap, toasts and sound). Other features tell the customer something with
 * `push({ type, title, message })`; the list empties when the session ends.
 */
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeatureService } from '../session/index.js';
import { createNotificationSound } from './notificationSound.js';
import { NotificationsService } from './notificationsService.js';
import type { LocalNotification } from './notificationsStore.js';
import { useNotificationsStore } from './notificationsStore.js';

export type NotificationsFeature = Feature<'notifications', NotificationsService>;

/** The toast of one notification: its title over its message, for its own duration (react-hot-toast on demand). */
function showToast(notification: LocalNotification, durationMs: number): void {
  import('react-hot-toast').then(
    ({ default: toast }) => {
      const text = `${notification.title}\n${notification.message}`;
      const options = { id: notification.id, duration: durationMs, className: 'notification-toast' };
      // Good or bad news (an order decided) wears the toaster's own drawn marks; friend events their emoji.
      if (notification.tone === 'positive') toast.success(text, options);
      else if (notification.tone === 'negative') toast.error(text, options);
      else toast(text, { ...options, icon: notification.type === 'ping' ? '📍' : notification.type === 'status_change' ? '🟢' : '👥' });
    },
    (error: unknown) => console.warn('[notifications] toasts unavailable', error),
  );
}

export function createNotificationsFeature(
  _core: Core,
  features: { session: Feature<'session', SessionFeatureService> },
): NotificationsFeature {
  const service = new NotificationsService({ toast: showToast, playSound: createNotificationSound() });
  let off: (() => void) | null = null;
  return {
    name: 'notifications',
    service,
    stores: [useNotificationsStore],
    start() {
      off = features.session.service.session.on('ended', () => service.clear());
    },
    stop() {
      off?.();
      off = null;
    },
  };
}

export const useNotifications = () => useFeatureService<NotificationsService>('notifications');
export type { PushNotification, NotificationTone, NotificationType } from './notificationsService.js';
