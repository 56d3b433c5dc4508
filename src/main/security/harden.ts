/**
 * Electron glue: applies security/policy.ts to every web contents and to the
 * default session. Imported only by index.ts.
 */
import { app, session } from 'electron';
import type { AppLocation } from './policy.js';
import { isAppUrl, permissionDecision, windowOpenDecision } from './policy.js';

export function applySecurityPolicy(location: AppLocation, log: (line: string) => void): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      log(`security: blocked a new window for ${url}`);
      return windowOpenDecision(url);
    });
    const guard = (event: { url: string; preventDefault(): void }, what: string) => {
      if (isAppUrl(event.url, location)) return;
      event.preventDefault();
      log(`security: blocked ${what} to ${event.url}`);
    };
    contents.on('will-navigate', (event) => guard(event, 'navigation'));
    contents.on('will-frame-navigate', (event) => guard(event, 'frame navigation'));
    contents.on('will-redirect', (event) => guard(event, 'redirect'));
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
      log('security: blocked a <webview>');
    });
  });

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionDecision(permission, details.requestingUrl, location));
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionDecision(permission, requestingOrigin, location),
  );
}
