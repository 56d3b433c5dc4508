/** Runs a SplashController for the life of the splash screen. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SPLASH_MESSAGE_KEYS } from '../../shared/i18n/en.js';
import { useAppStore } from './startupStore.js';
import { useServices } from '../app/ServicesContext.js';
import { useSessionStore } from '../session/sessionStore.js';
import { SplashController, type SplashView } from './splashController.js';

/** Where the splash goes: the dashboard for a restored (or unlocked) session, else login. */
export function splashTarget(): '/dashboard' | '/login' {
  return useSessionStore.getState().session ? '/dashboard' : '/login';
}

export function useSplash(): SplashView {
  const services = useServices();
  const navigate = useNavigate();
  const [firstMessageIndex] = useState(() => Math.floor(Math.random() * SPLASH_MESSAGE_KEYS.length));
  const [view, setView] = useState<SplashView>({ progress: 0, messageIndex: firstMessageIndex });

  useEffect(() => {
    const controller = new SplashController({
      sendStartUp: () => services.bridge.send({ command: 'StartUp' }),
      isStartupCompleted: () => useAppStore.getState().startupCompleted,
      onStartupCompleted: (listener) =>
        useAppStore.subscribe((state, previous) => {
          if (state.startupCompleted && !previous.startupCompleted) listener();
        }),
      markReady: () => services.markReady(),
      navigate: () => void navigate(splashTarget(), { replace: true }),
      render: setView,
      firstMessageIndex,
    });
    controller.start();
    return () => controller.stop();
  }, [services, navigate, firstMessageIndex]);

  return view;
}
