/**
 * Electron glue: applies security/policy.ts to every web contents and to the
 * default session: no downloads, no device pickers or file-system access, the
 * cafe server's certificate pinned (security/certificate-pin.ts), and in
 * packaged builds no devtools. Each Steam sign-in popup runs in its own
 * in-memory session that gets no permission, no download and no device, only
 * Steam's sign-in pages, and is wiped when the popup closes; at every logout
 * the open popups close and the customer's storage of the kiosk's own session
 * is wiped (issue 22). Imported only by index.ts.
 */
import { randomUUID } from 'node:crypto';
import { app, session } from 'electron';
import type { BrowserWindow, Session, WebContents } from 'electron';
import { certificateVerdict } from './certificate-pin.js';
import type { AppLocation } from './policy.js';
import {
  CUSTOMER_CLEARED_STORAGES,
  POPUP_CLEARED_STORAGES,
  isAppUrl,
  permissionDecision,
  popupNavigationDecision,
  popupPartition,
  popupPermissionDecision,
  windowOpenDecision,
} from './policy.js';

export interface SecurityOptions {
  /** The cafe server: the Steam sign-in popup may return there. */
  serverUrl?: string;
  /** The pinned fingerprint of the cafe server's certificate, read on every TLS verification (it is set once enrolment settles). */
  pinnedFingerprint?: () => string | null;
  /** Packaged builds: devtools are closed as soon as anything opens them. */
  noDevTools?: boolean;
}

export interface AppliedSecurity {
  /** A customer logged out: close the Steam popups and wipe what they left in the kiosk's session. */
  endCustomer(): Promise<void>;
}

/** No download, no device picker, no File System Access prompt: for the default session and every popup's. */
function refuseFilesAndDevices(ses: Session, log: (line: string) => void, who: string): void {
  ses.on('will-download', (event, item) => {
    event.preventDefault();
    log(`security: refused a download of ${item.getFilename()} from ${item.getURL()}${who}`);
  });
  for (const picker of ['select-hid-device', 'select-serial-port', 'select-usb-device'] as const) {
    ses.on(picker as 'select-hid-device', (event, _details, callback) => {
      event.preventDefault();
      log(`security: refused a device picker (${picker})${who}`);
      (callback as (deviceId?: string | null) => void)(null);
    });
  }
  ses.on('file-system-access-restricted', (_event, details, callback) => {
    log(`security: refused file-system access to ${details.path}${who}`);
    callback('deny');
  });
  ses.setDevicePermissionHandler(() => false);
}

/** A popup's fresh in-memory session: no permission at all, nothing to save or pick. */
function lockDownPopupSession(ses: Session, log: (line: string) => void): void {
  ses.setPermissionRequestHandler((_contents, permission, callback) => {
    log(`security: denied the ${permission} permission in the Steam popup`);
    callback(popupPermissionDecision());
  });
  ses.setPermissionCheckHandler(() => popupPermissionDecision());
  refuseFilesAndDevices(ses, log, ' (Steam popup)');
}

async function wipePopupSession(ses: Session): Promise<void> {
  await ses.clearStorageData({ storages: [...POPUP_CLEARED_STORAGES] });
  await ses.clearCache();
  await ses.clearAuthCache();
}

export function applySecurityPolicy(
  location: AppLocation,
  log: (line: string) => void,
  options: SecurityOptions = {},
): AppliedSecurity {
  /** The Steam sign-in popups: their navigations follow the popup policy. */
  const popups = new WeakSet<WebContents>();
  const openPopups = new Set<BrowserWindow>();

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const partition = popupPartition(randomUUID());
      const decision = windowOpenDecision(url, contents.getURL(), location, options.serverUrl, partition);
      if (decision.action === 'allow') lockDownPopupSession(session.fromPartition(partition), log);
      log(`security: ${decision.action === 'allow' ? 'opened the Steam sign-in popup in a fresh session' : `blocked a new window for ${url}`}`);
      return decision;
    });
    contents.on('did-create-window', (child) => {
      popups.add(child.webContents);
      openPopups.add(child);
      child.setMenu(null);
      child.setAlwaysOnTop(true, 'screen-saver');
      const popupSession = child.webContents.session;
      child.once('closed', () => {
        openPopups.delete(child);
        wipePopupSession(popupSession).then(
          () => log('security: the Steam popup closed; its session is wiped'),
          (error: unknown) => log(`security: could not wipe the Steam popup's session: ${String(error)}`),
        );
      });
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
  refuseFilesAndDevices(ses, log, '');
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

  return {
    async endCustomer() {
      for (const popup of openPopups) if (!popup.isDestroyed()) popup.close();
      try {
        await ses.clearStorageData({ storages: [...CUSTOMER_CLEARED_STORAGES] });
        await ses.clearAuthCache();
        log("security: the customer logged out; the kiosk's cookies and site data are wiped");
      } catch (error) {
        log(`security: could not wipe the customer's storage: ${String(error)}`);
      }
    },
  };
}
