/** SPEC §2 header bell: the unread count ('9+' past 9) and the panel it opens, which marks everything read. */
import { Bell, MapPin, UserCheck, UserPlus, Activity } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeCount, formatHourMinute } from '../../shared/format.js';
import { useNotifications } from './index.js';
import type { NotificationType } from './notificationsService.js';
import { selectUnread, useNotificationsStore } from './notificationsStore.js';
import './notifications.css';

const ICONS: Record<NotificationType, typeof Bell> = {
  friend_request: UserPlus,
  friend_accepted: UserCheck,
  ping: MapPin,
  status_change: Activity,
};

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const notifications = useNotifications();
  const unread = useNotificationsStore(selectUnread);
  const open = useNotificationsStore((s) => s.panelOpen);
  const items = useNotificationsStore((s) => s.items);
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const ref = useRef<HTMLDivElement>(null);

  // A click anywhere else, or Escape, closes the panel.
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)) {
        notifications.closePanel();
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open, notifications]);

  return (
    <div className="bell" ref={ref}>
      <button
        type="button"
        className="icon-button bell__button"
        aria-label={t('notifications.bell', { count: unread })}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => notifications.togglePanel()}
        data-testid="notification-bell"
      >
        <Bell size={20} aria-hidden="true" />
        {unread > 0 && (
          <span className="bell__count" data-testid="notification-count">
            {badgeCount(unread)}
          </span>
        )}
      </button>
      {open && (
        <section className="bell__panel" role="dialog" aria-labelledby="notifications-title" data-testid="notification-panel">
          <h2 className="bell__title" id="notifications-title">
            {t('notifications.title')}
          </h2>
          {items.length === 0 ? (
            <p className="bell__empty">{t('notifications.empty')}</p>
          ) : (
            <ul className="bell__list">
              {items.map((item) => {
                const Icon = ICONS[item.type];
                return (
                  <li key={item.id} className={item.tone ? `bell__item bell__item--${item.tone}` : 'bell__item'} data-testid="notification-item">
                    <Icon size={18} aria-hidden="true" className="bell__icon" />
                    <div className="bell__text">
                      <strong>{item.title}</strong>
                      <span>{item.message}</span>
                    </div>
                    <time className="bell__time" dateTime={new Date(item.timestamp).toISOString()}>
                      {formatHourMinute(item.timestamp, language)}
                    </time>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
