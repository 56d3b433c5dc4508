/**
 * A station's screen for staff (issue 24), the shell's half: the server asked (`screenshotRequested`, forwarded
 * by the renderer as the bridge's `ScreenShot` with the request's id and upload path); the shell captures the
 * screen, checks the image (PNG or JPEG, at most SCREENSHOT_MAX_BYTES), uploads it once to the cafe server with
 * the station credential, and says how it went (`ScreenShotTaken`, or the reason it failed). One at a time: a
 * request that comes while one is being taken is refused, never queued. The capture itself is given (the OS's
 * screen capture); nothing here needs Electron.
 */
import { SCREENSHOT_MAX_BYTES } from '../../shared/api/screenshots.js';
import { STATION_CREDENTIAL_HEADER } from '../../shared/stationCredential.js';
import { nodeSend, type SendBytes } from '../launcher/centre-account.js';

export interface ScreenshotRequest {
  id: string;
  /** Where the server takes the upload, a path on the station's own server (`/station-screenshots/:id`). */
  uploadPath: string;
}

export interface Captured {
  bytes: Uint8Array;
  /** Where the capture was kept on this PC, when it was kept. */
  path?: string;
}

export type ScreenshotOutcome = { ok: true; id: string; bytes: number; path: string } | { ok: false; id: string; message: string };

export interface ScreenshotUploaderDeps {
  capture: () => Promise<Captured>;
  serverUrl: string;
  credential: () => Promise<string | undefined>;
  pinnedFingerprint?: () => Promise<string | null | undefined>;
  post?: SendBytes;
  log: (line: string) => void;
  timeoutMs?: number;
  maxBytes?: number;
}

/** What a dry-run shell (the web shell, demos, e2e) sends for its screen: a real 16×9 PNG, it has no screen to capture. */
export const DRY_RUN_SCREEN = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAIAAAC0SDtlAAAAE0lEQVR4nGPQ0AkgCTGMahgUGgBk+lxBym32CAAAAABJRU5ErkJggg==', 'base64');

export const BUSY = 'A screenshot is already being taken.';
export const NOT_ENROLLED = 'This station has no credential: it cannot upload a screenshot.';
export const BAD_PATH = 'The server asked to upload the screenshot somewhere else than its own screenshot path.';
export const NOT_AN_IMAGE = 'The screen capture is not a PNG or JPEG image.';
export const tooLarge = (bytes: number, max: number) => `The screenshot is too large to send (${bytes} bytes, at most ${max}).`;

/** The image's type from its first bytes; null: neither PNG nor JPEG. */
export function imageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Only the server's own screenshot path: the credential never leaves for another host or route. */
const UPLOAD_PATH = /^\/station-screenshots\/[A-Za-z0-9._~%-]{1,192}$/;

function messageOf(body: string): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown } | null)?.message;
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
    return typeof message === 'string' ? message.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200) : '';
  } catch {
    return '';
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createScreenshotUploader(deps: ScreenshotUploaderDeps) {
  const post = deps.post ?? nodeSend;
  const max = deps.maxBytes ?? SCREENSHOT_MAX_BYTES;
  let busy = false;

  async function takeOne(request: ScreenshotRequest): Promise<ScreenshotOutcome> {
    const fail = (message: string): ScreenshotOutcome => {
      deps.log(`screenshot ${request.id}: ${message}`);
      return { ok: false, id: request.id, message };
    };
    if (!UPLOAD_PATH.test(request.uploadPath) || /\/\.{1,2}$/.test(request.uploadPath)) return fail(BAD_PATH);
    const credential = await deps.credential();
    if (!credential) return fail(NOT_ENROLLED);
    let captured: Captured;
    try {
      captured = await deps.capture();
    } catch (error) {
      return fail(`The screen could not be captured: ${errorText(error)}`);
    }
    const type = imageType(captured.bytes);
    if (!type) return fail(NOT_AN_IMAGE);
    if (captured.bytes.length > max) return fail(tooLarge(captured.bytes.length, max));
    try {
      const answer = await post({
        method: 'PUT',
        url: `${deps.serverUrl.replace(/\/+$/, '')}${request.uploadPath}`,
        headers: { 'content-type': type, accept: 'application/json', [STATION_CREDENTIAL_HEADER]: credential },
        body: captured.bytes,
        pinnedFingerprint: (await deps.pinnedFingerprint?.()) ?? null,
        timeoutMs: deps.timeoutMs ?? 30_000,
      });
      if (answer.status < 200 || answer.status > 299) {
        const said = messageOf(answer.body);
        return fail(`The server refused the screenshot (${answer.status}${said ? `: ${said}` : ''}).`);
      }
    } catch (error) {
      return fail(`The screenshot could not be sent: ${errorText(error)}`);
    }
    deps.log(`screenshot ${request.id}: sent (${captured.bytes.length} bytes)`);
    return { ok: true, id: request.id, bytes: captured.bytes.length, path: captured.path ?? '' };
  }

  return {
    /** Captures, checks and uploads; never throws. A request while one is under way is refused (BUSY). */
    async take(request: ScreenshotRequest): Promise<ScreenshotOutcome> {
      if (busy) return { ok: false, id: request.id, message: BUSY };
      busy = true;
      try {
        return await takeOne(request);
      } finally {
        busy = false;
      }
    },
  };
}
export type ScreenshotUploader = ReturnType<typeof createScreenshotUploader>;
