/**
 * SPEC §2 top bar: games, lock screen, call cafe service, call technical
 * support, store, and the profile menu (Profile — not for guests — and Logout).
 */
import { ChevronDown, ConciergeBell, Gamepad2, Lock, LogOut, ShoppingCart, User, Wrench } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import type { StoredSession } from '../../shared/entities.js';
import { greetingName } from '../../shared/format.js';
import { BrandTitle } from '../ui/BrandTitle.js';
import { CafeLogo } from '../ui/CafeLogo.js';
import { useDashboard } from './index.js';

/** SPEC route of the profile screen (issue 13 adds it). */
export const PROFILE_PATH = '/user-profile';

export function TopBar({ session }: { session: StoredSession }) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [calling, setCalling] = useState<null | 'waiter' | 'technical'>(null);
  const media = useMemo(() => ({ followLogo: dashboard.followLogo }), [dashboard]);
  const menuRef = useRef<HTMLDivElement>(null);

  // A click anywhere else, or Escape, closes the menu.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  const call = async (type: 'waiter' | 'technical') => {
    setCalling(type);
    await dashboard.callService(type);
    setCalling(null);
  };
  const tab = ({ isActive }: { isActive: boolean }) => `topbar__tab${isActive ? ' topbar__tab--active' : ''}`;

  return (
    <header className="topbar" data-testid="topbar">
      <div className="topbar__brand">
        <CafeLogo media={media} className="topbar__logo" />
        <BrandTitle as="span" className="topbar__title" />
      </div>
      <nav className="topbar__tabs">
        <NavLink to="/dashboard" className={tab} data-testid="topbar-games">
          <Gamepad2 size={18} aria-hidden="true" />
          {t('topbar.games')}
        </NavLink>
        <NavLink to="/store" className={tab} data-testid="topbar-store">
          <ShoppingCart size={18} aria-hidden="true" />
          {t('topbar.store')}
        </NavLink>
      </nav>
      <div className="topbar__actions">
        <button
          type="button"
          className="icon-button"
          title={t('topbar.callService')}
          aria-label={t('topbar.callService')}
          disabled={calling === 'waiter'}
          onClick={() => void call('waiter')}
        >
          <ConciergeBell size={20} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          title={t('topbar.callSupport')}
          aria-label={t('topbar.callSupport')}
          disabled={calling === 'technical'}
          onClick={() => void call('technical')}
        >
          <Wrench size={20} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          title={t('topbar.lock')}
          aria-label={t('topbar.lock')}
          onClick={() => dashboard.lock()}
        >
          <Lock size={20} aria-hidden="true" />
        </button>
        <div className="profile-menu" ref={menuRef}>
          <button
            type="button"
            className="profile-menu__button"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-label={t('topbar.menu')}
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="profile-menu-button"
          >
            <User size={18} aria-hidden="true" />
            <span className="profile-menu__name">{greetingName(session.username) ?? t('dashboard.guestName')}</span>
            <ChevronDown size={16} aria-hidden="true" />
          </button>
          {menuOpen && (
            <div className="profile-menu__list" role="menu" onClick={() => setMenuOpen(false)}>
              {!session.isGuest && (
                <button type="button" role="menuitem" className="profile-menu__item" onClick={() => void navigate(PROFILE_PATH)}>
                  <User size={16} aria-hidden="true" />
                  {t('topbar.profile')}
                </button>
              )}
              <button
                type="button"
                role="menuitem"
                className="profile-menu__item"
                onClick={() => dashboard.logout()}
                data-testid="logout-button"
              >
                <LogOut size={16} aria-hidden="true" />
                {t('topbar.logout')}
              </button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
