/**
 * Centre-account launches (SPEC §5/§7 Launch with Account_ID): the renderer
 * names the account it was assigned; the customer never holds its password.
 * The shell fetches the sign-in as the station — POST
 * /game-accounts/{id}/launch-credentials with the station credential — which
 * the server answers only while this station's current session holds the
 * account, and hands it to the launcher. The password goes to the launcher's
 * argument array and nowhere else: never a log line, never the renderer.
 * A Launch that already carries Username and Password (a SPEC-only server
 * gave them to the renderer) is launched as it is.
 */
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { z } from 'zod';
import { STATION_CREDENTIAL_HEADER } from '../../shared/stationCredential.js';
import { sameFingerprint } from '../station/fingerprint.js';
import { LaunchError } from './launcher.js';
import type { GameLauncher, LaunchRequest } from './launcher.js';

export const LAUNCH_CREDENTIALS_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 16 * 1024;

export interface PostResult {
  status: number;
  body: string;
}

/** POST a JSON body; resolves with the status and the text of the answer. */
export type PostJson = (request: {
  /** Default POST. */
  method?: 'POST' | 'PUT';
  url: string;
  /** A content-type here replaces the default application/json. */
  headers: Record<string, string>;
  body: string;
  /** https: the certificate must have this fingerprint256 (no CA check then). */
  pinnedFingerprint?: string | null;
  timeoutMs: number;
}) => Promise<PostResult>;

export interface CentreAccountDeps {
  serverUrl: string;
  /** The station credential, once enrolment settled; undefined when not enrolled. */
  credential: () => Promise<string | undefined>;
  pinnedFingerprint?: () => Promise<string | null | undefined>;
  post?: PostJson;
  log: (line: string) => void;
  timeoutMs?: number;
}

const credentialsSchema = z.object({
  accountId: z.string(),
  username: z.string().min(1),
  password: z.string().min(1),
});

function readAll(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_RESPONSE_BYTES) return res.destroy(new Error('the answer is too large'));
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}

/** The same request with a body of bytes (a screenshot's image, its content-type in `headers`). */
export type SendBytes = (request: Omit<Parameters<PostJson>[0], 'body'> & { body: string | Uint8Array }) => Promise<PostResult>;

export const nodeSend: SendBytes = ({ method = 'POST', url, headers, body, pinnedFingerprint, timeoutMs }) =>
  new Promise<PostResult>((resolve, reject) => {
    const target = new URL(url);
    const allHeaders = { 'content-type': 'application/json', ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const onResponse = (res: IncomingMessage) =>
      readAll(res).then((text) => resolve({ status: res.statusCode ?? 0, body: text }), reject);
    const pinned = target.protocol === 'https:' && Boolean(pinnedFingerprint);
    const req = target.protocol === 'https:'
      ? httpsRequest(target, { method, headers: allHeaders, ...(pinned ? { agent: false, rejectUnauthorized: false } : {}) }, onResponse)
      : httpRequest(target, { method, headers: allHeaders }, onResponse);
    if (pinned) {
      // The body (the station credential) leaves only once the certificate is the pinned one.
      req.once('socket', (socket) => {
        (socket as TLSSocket).once('secureConnect', () => {
          const seen = (socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? null;
          if (!sameFingerprint(pinnedFingerprint, seen)) return req.destroy(new Error('the server certificate is not the pinned one'));
          req.end(body);
        });
      });
    } else {
      req.end(body);
    }
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });

export const nodePostJson: PostJson = nodeSend;

/** The server's message, one short printable line (it never contains the password: the server sends none on failure). */
function messageOf(body: string): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown } | null)?.message;
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
    return typeof message === 'string' ? message.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().slice(0, 200) : '';
  } catch {
    return '';
  }
}

/** The account's sign-in for this launch, fetched as the station; a LaunchError says why not. */
export async function fetchCentreAccount(
  deps: CentreAccountDeps,
  accountId: string,
  jsonId: string,
): Promise<{ username: string; password: string }> {
  const credential = await deps.credential();
  if (!credential) throw new LaunchError('This station is not enrolled, so it cannot sign in with a centre account');
  const post = deps.post ?? nodePostJson;
  let answer: PostResult;
  try {
    answer = await post({
      url: `${deps.serverUrl.replace(/\/+$/, '')}/game-accounts/${encodeURIComponent(accountId)}/launch-credentials`,
      headers: { accept: 'application/json', [STATION_CREDENTIAL_HEADER]: credential },
      body: JSON.stringify({ jsonId }),
      pinnedFingerprint: (await deps.pinnedFingerprint?.()) ?? null,
      timeoutMs: deps.timeoutMs ?? LAUNCH_CREDENTIALS_TIMEOUT_MS,
    });
  } catch (error) {
    deps.log(`launcher: cannot fetch centre account ${accountId}: ${error instanceof Error ? error.message : String(error)}`);
    throw new LaunchError('Cannot reach the cafe server to sign in with the centre account');
  }
  if (answer.status !== 200) {
    const said = messageOf(answer.body);
    deps.log(`launcher: centre account ${accountId} refused (${answer.status}${said ? `: ${said}` : ''})`);
    throw new LaunchError(said || `The cafe server refused the centre account (${answer.status})`);
  }
  let parsed: z.infer<typeof credentialsSchema>;
  try {
    parsed = credentialsSchema.parse(JSON.parse(answer.body));
  } catch {
    throw new LaunchError('The cafe server answered without the centre account sign-in');
  }
  if (parsed.accountId !== accountId) throw new LaunchError('The cafe server answered for another centre account');
  deps.log(`launcher: centre account ${accountId} signed in for ${jsonId}`);
  return { username: parsed.username, password: parsed.password };
}

/** Tells the server a launch failed because of the account (it is flagged for staff); failures only go to the log. */
export async function reportAccountLaunchFailed(
  deps: CentreAccountDeps,
  failure: { accountId: string; jsonId: string; reason: string },
): Promise<boolean> {
  const credential = await deps.credential();
  if (!credential) return false;
  try {
    const answer = await (deps.post ?? nodePostJson)({
      url: `${deps.serverUrl.replace(/\/+$/, '')}/game-accounts/${encodeURIComponent(failure.accountId)}/launch-failed`,
      headers: { accept: 'application/json', [STATION_CREDENTIAL_HEADER]: credential },
      body: JSON.stringify({ reason: failure.reason.slice(0, 500), jsonId: failure.jsonId }),
      pinnedFingerprint: (await deps.pinnedFingerprint?.()) ?? null,
      timeoutMs: deps.timeoutMs ?? LAUNCH_CREDENTIALS_TIMEOUT_MS,
    });
    deps.log(`launcher: centre account ${failure.accountId} reported as failed (${answer.status})`);
    return answer.status === 200;
  } catch (error) {
    deps.log(`launcher: cannot report centre account ${failure.accountId}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** A launcher that fetches a named centre account's sign-in before launching with it. */
export function withCentreAccounts(launcher: GameLauncher, deps: CentreAccountDeps): GameLauncher {
  return {
    async launch(request: LaunchRequest) {
      const account = request.account;
      if (!account?.accountId || (account.username && account.password)) return launcher.launch(request);
      const signIn = await fetchCentreAccount(deps, account.accountId, request.jsonId);
      return launcher.launch({ jsonId: request.jsonId, account: { accountId: account.accountId, ...signIn } });
    },
    ...(launcher.openSettings ? { openSettings: launcher.openSettings.bind(launcher) } : {}),
  };
}
