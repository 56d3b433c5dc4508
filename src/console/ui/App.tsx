/** The console's frame: sign-in, or the header (who, live link, language) with the screens. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditScreen } from '../audit/AuditScreen.js';
import { CustomersScreen } from '../customers/CustomersScreen.js';
import { InboxScreen } from '../inbox/InboxScreen.js';
import { count } from '../inbox/inboxService.js';
import type { Nav, Screen } from '../core/nav.js';
import { useServices, useSlice } from '../core/services.js';
import { RoomScreen } from '../room/RoomScreen.js';
import { LoginScreen } from '../session/LoginScreen.js';
import { TotpSetup } from '../session/TotpSetup.js';
import { ShiftsScreen } from '../shifts/ShiftsScreen.js';
import { CatalogueScreen } from '../catalogue/CatalogueScreen.js';
import { StaffScreen } from '../staff/StaffScreen.js';
import { TodayScreen } from '../today/TodayScreen.js';

const STAFF_SCREENS: Screen[] = ['room', 'today', 'inbox', 'customers', 'shifts', 'setup', 'security'];
const OWNER_SCREENS: Screen[] = ['room', 'today', 'inbox', 'customers', 'shifts', 'audit', 'staff', 'setup', 'security'];

export function App({ nav, onLanguage }: { nav: Nav; onLanguage(): void }) {
  const { t } = useTranslation();
  const services = useServices();
  const status = useSlice(services.session.store, (s) => s.status);
  const session = useSlice(services.session.store, (s) => s.session);
  const screen = useSlice(nav.store, (s) => s.screen);
  const connected = useSlice(services.socket.link, (s) => s.connected);
  const waiting = useSlice(services.inbox.store, count);

  const isOwner = session?.user.role === 'owner';
  const screens = isOwner ? OWNER_SCREENS : STAFF_SCREENS;
  const shown: Screen = session?.mustEnrolTotp ? 'security' : screens.includes(screen) ? screen : 'room';

  useEffect(() => {
    if (status !== 'signed_in') return;
    if (shown === 'shifts') void services.shifts.load();
    if (shown === 'today') void services.today.load();
    if (shown === 'audit') void services.audit.load();
    if (shown === 'staff') void services.staff.load();
  }, [shown, status, services]);

  if (status === 'loading') return <p className="muted center">{t('app.loading')}</p>;
  if (status !== 'signed_in' || !session) return <LoginScreen />;

  return (
    <div className="frame">
      <header className="top">
        <strong className="brand">{t('app.title')}</strong>
        <nav aria-label="screens">
          {screens.map((name) => (
            <button
              key={name}
              type="button"
              className={`tab${name === shown ? ' active' : ''}`}
              aria-current={name === shown ? 'page' : undefined}
              disabled={session.mustEnrolTotp && name !== 'security'}
              onClick={() => nav.go(name)}
            >
              {t(`nav.${name}`)}
              {name === 'inbox' && waiting > 0 && <span className="badge">{waiting}</span>}
            </button>
          ))}
        </nav>
        <span className={`link-state ${connected ? 'on' : 'off'}`} role="status">
          {connected ? t('app.live') : t('app.reconnecting')}
        </span>
        <span className="who">{t('app.signedInAs', { name: session.user.displayName ?? session.user.username, role: t(`app.role.${session.user.role}`) })}</span>
        <button type="button" onClick={onLanguage}>
          {t('app.language')}
        </button>
        <button type="button" onClick={() => void services.session.signOut()}>
          {t('app.signOut')}
        </button>
      </header>
      <main className="screen">
        <h1 className="screen-title">{t(`nav.${shown}`)}</h1>
        {shown === 'room' && <RoomScreen />}
        {shown === 'today' && <TodayScreen />}
        {shown === 'inbox' && <InboxScreen />}
        {shown === 'customers' && <CustomersScreen isOwner={isOwner} />}
        {shown === 'shifts' && <ShiftsScreen />}
        {shown === 'audit' && <AuditScreen />}
        {shown === 'staff' && <StaffScreen />}
        {shown === 'setup' && <CatalogueScreen isOwner={isOwner} />}
        {shown === 'security' && <TotpSetup />}
      </main>
    </div>
  );
}
