/**
 * SPEC §2 /steam-callback: the popup reads the Steam OpenID answer, posts
 * success (the numeric id and the openid.* fields) or the error to its
 * opener on this origin only, then closes.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { readSteamCallback } from './steamOpenId.js';

export function SteamCallbackPage() {
  const { t } = useTranslation();
  useEffect(() => {
    const message = readSteamCallback(window.location.search);
    // Only a window of our own origin may hear it (the target origin is ours).
    window.opener?.postMessage(message, window.location.origin);
    window.close();
  }, []);
  return (
    <main className="steam-callback" data-testid="steam-callback">
      <p>{t('steam.callback')}</p>
    </main>
  );
}
