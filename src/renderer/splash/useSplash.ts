/** Runs the splash feature's controller for the life of the splash screen. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SPLASH_MESSAGE_KEYS } from '../../shared/i18n/en.js';
import { useSessionStore } from '../session/sessionStore.js';
import type { SplashView } from './splashController.js';
import { useSplashFeature } from './index.js';

/** Where the splash goes: the dashboard for a restored (or unlocked) session, else login. */
export function splashTarget(): '/dashboard' | '/login' {
  return useSessionStore.getState().session ? '/dashboard' : '/login';
}

export function useSplash(): SplashView {
  const splash = useSplashFeature();
  const navigate = useNavigate();
  const [firstMessageIndex] = useState(() => Math.floor(Math.random() * SPLASH_MESSAGE_KEYS.length));
  const [view, setView] = useState<SplashView>({ progress: 0, messageIndex: firstMessageIndex });

  useEffect(() => {
    const controller = splash.controller({
      navigate: () => void navigate(splashTarget(), { replace: true }),
      render: setView,
      firstMessageIndex,
    });
    controller.start();
    return () => controller.stop();
  }, [splash, navigate, firstMessageIndex]);

  return view;
}
