/**
 * Electron glue: registers the app:// scheme (before app ready) and serves
 * the built renderer under it (after ready) with the answers of
 * renderer-files/app-protocol.ts. Imported only by index.ts.
 */
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { answerAppRequest } from './app-protocol.js';
import { APP_SCHEME, APP_SCHEME_DEFINITION } from './app-scheme.js';

/** Must run before app ready: Electron fixes the schemes' privileges at start-up. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_DEFINITION]);
}

export interface ServeAppProtocol {
  /** The built renderer, e.g. out/renderer. */
  rendererDir: string;
  /** Sent with every HTML answer (security/csp.ts). */
  csp: string;
  log: (line: string) => void;
}

/** After app ready: answers app:// requests of the default session. */
export function serveAppProtocol({ rendererDir, csp, log }: ServeAppProtocol): void {
  protocol.handle(APP_SCHEME, async (request) => {
    try {
      const answer = await answerAppRequest({ url: request.url, method: request.method }, rendererDir, csp);
      if (answer.status === 403) log(`app protocol: refused ${request.url}`);
      const body = answer.filePath === null ? null : new Uint8Array(await readFile(answer.filePath));
      return new Response(body, { status: answer.status, headers: answer.headers });
    } catch (error) {
      log(`app protocol: ${request.url} failed: ${String(error)}`);
      return new Response(null, { status: 500 });
    }
  });
}
