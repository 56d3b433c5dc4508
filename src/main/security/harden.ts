/**
 * Electron glue: applies security/policy.ts to every web contents and to the
 * default session: no downloads, the cafe server's certificate pinned
 * (security/certificate-pin.ts), and in packaged builds no devtools.
 * Imported only by index.ts.
 */
import { app, session } from 'electron';
import type { WebContents } from 'electron';
import { certificateVerdict } from './certificate-pin.js';
import type { AppLocation } from './policy.js';
import { isAppUrl, permissionDecision, popupNavigationDecision, windowOpenDecision } from './policy.js';

export interface SecurityOptions {
  /** The cafe server: the Steam sign-in popup may return there. */
  serverUrl?: string;
  /** The pinned fingerprint of the cafe server's certificate, read on every TLS verification (it is set once enrolment settles). */
  pinnedFingerprint?: () => string | null;
  /** Packaged builds: devtools are closed as soon as anything opens them. */
  noDevTools?: boolean;
}

export function applySecurityPolicy(
  location: AppLocation,
  log: (line: string) => void,
  options: SecurityOptions = {},
): void {
  /** The Steam sign-in popups: their navigations follow the popup policy. */
  const popups = new WeakSet<WebContents>();

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const decision = windowOpenDecision(url, contents.getURL(), location, options.serverUrl);
      log(`security: ${decision.action === 'allow' ? 'opened the Steam sign-in popup' : `blocked a new window for ${url}`}`);
      return decision;
    });
    contents.on('did-create-window', (child) => {
      popups.add(child.webContents);
      child.setMenu(null);
      child.setAlwaysOnTop(true, 'screen-saver');
    });
    const guard = (event: { url: string; preventDefault(): void }, what: string) => {
      const allowed = popups.has(contents)
        ? popupNavigationDecision(event.url, location, options.serverUrl) === 'allow'
        : isAppUrl(event.url, location);
      if (allowed) return;
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
    if (options.noDevTools) {
      contents.on('devtools-opened', () => {
        contents.closeDevTools();
        log('security: closed the devtools (packaged build)');
      });
    }
  });

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const granted = permissionDecision(permission, details.requestingUrl, location);
    if (!granted) log(`security: denied the ${permission} permission to ${details.requestingUrl}`);
    callback(granted);
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionDecision(permission, requestingOrigin, location),
  );
  ses.on('will-download', (event, item) => {
    event.preventDefault();
    log(`security: refused a download of ${item.getFilename()} from ${item.getURL()}`);
  });
  const serverUrl = options.serverUrl;
  const pinned = options.pinnedFingerprint;
  if (serverUrl && pinned) {
    ses.setCertificateVerifyProc((request, callback) => { // eng-disable CERTIFICATE_VERIFY_PROC_JS_CHECK -- the cafe server is accepted only with its pinned fingerprint and refused with any other certificate (security/certificate-pin.ts); every other host keeps Chromium's verdict (-3)
      const verdict = certificateVerdict(request.hostname, request.certificate.data, {
        serverUrl,
        pinnedFingerprint: pinned(),
      });
      if (verdict === -2) log(`security: refused ${request.hostname}'s certificate: it is not the pinned one`);
      callback(verdict);
    });
  }
}
