/** The console's frame: sign-in, or the header (who, live link, language) with the screens. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button.js';
import { FeaturesContext, useSlice } from '../core/feature.js';
import type { Nav } from '../core/nav.js';
import { count } from '../inbox/inboxStore.js';
import { SecurityToast } from '../inbox/SecurityToast.js';
import { useFormat } from '../ui/useFormat.js';
import { LoginScreen } from '../session/LoginScreen.js';
import { isOwner as ownerOf } from '../session/sessionStore.js';
import type { ConsoleApp } from './features.js';
import { ENROL_SCREEN, screensFor, SCREENS } from './screens.js';

function Frame({ app, nav, onLanguage }: { app: ConsoleApp; nav: Nav; onLanguage(): void }) {
  const { t } = useTranslation();
  const { session, inbox } = app.features;
  const status = useSlice(session.service.store, (s) => s.status);
  const current = useSlice(session.service.store, (s) => s.session);
  const isOwner = useSlice(session.service.store, ownerOf);
  const screen = useSlice(nav.store, (s) => s.screen);
  const phase = useSlice(app.core.socket.link, (s) => s.phase);
  const awaySince = useSlice(app.core.socket.link, (s) => s.awaySince);
  const soundBlocked = useSlice(app.core.page.sound, (s) => s.blocked);
  const { clock } = useFormat();
  const waiting = useSlice(inbox.service.store, count);

  if (status === 'loading') return <p className="muted center">{t('app.loading')}</p>;
  if (status !== 'signed_in' || !current) return <LoginScreen />;

  const screens = screensFor(isOwner);
  const shown = current.mustEnrolTotp ? ENROL_SCREEN : (screens.find((s) => s.id === screen) ?? SCREENS[0])?.id;
  const Shown = SCREENS.find((s) => s.id === shown)?.Component;

  return (
    <div className="frame">
      <header className="top">
        <strong className="brand">{t('app.title')}</strong>
        <nav aria-label="screens">
          {screens.map(({ id }) => (
            <Button
              key={id}
              className={`tab${id === shown ? ' active' : ''}`}
              aria-current={id === shown ? 'page' : undefined}
              disabled={current.mustEnrolTotp && id !== ENROL_SCREEN}
              onClick={() => nav.go(id)}
            >
              {t(`nav.${id}`)}
              {id === 'inbox' && waiting > 0 && <span className="badge">{waiting}</span>}
            </Button>
          ))}
        </nav>
        <span className={`link-state ${phase === 'live' ? 'on' : 'off'}`} role="status" data-phase={phase}>
          {phase === 'live' ? t('app.live') : phase === 'away' ? t('app.reconnecting') : t('app.connecting')}
        </span>
        {soundBlocked && (
          <Button className="sound-off" title={t('app.soundHint')} onClick={() => app.core.page.enableSound()}>
            {t('app.soundOn')}
          </Button>
        )}
        <span className="who">{t('app.signedInAs', { name: current.user.displayName ?? current.user.username, role: t(`app.role.${current.user.role}`) })}</span>
        <Button onClick={onLanguage}>{t('app.language')}</Button>
        <Button onClick={() => void session.service.signOut()}>{t('app.signOut')}</Button>
      </header>
      {phase === 'away' && awaySince !== null && (
        <p className="away-banner" role="alert" data-testid="link-away">
          {t('app.away', { time: clock(new Date(awaySince).toISOString()) })}
        </p>
      )}
      <SecurityToast onOpen={() => nav.go('inbox')} />
      <main className={`screen${phase === 'away' ? ' stale' : ''}`}>
        <h1 className="screen-title">{t(`nav.${shown}`)}</h1>
        {Shown && <Shown key={shown} isOwner={isOwner} />}
      </main>
    </div>
  );
}

export function App(props: { app: ConsoleApp; nav: Nav; onLanguage(): void }) {
  return (
    <FeaturesContext.Provider value={props.app.services}>
      <Frame {...props} />
    </FeaturesContext.Provider>
  );
}
