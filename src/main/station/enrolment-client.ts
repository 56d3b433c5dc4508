/**
 * The station's half of enrolment: `POST /station-enrolment/exchange`
 * `{stationId, pairingCode, macAddress?, pcName?}` →
 * `{stationId, stationCredential, certificateFingerprint}`.
 *
 * Over https the server's certificate is pinned before the pairing code
 * leaves the machine: the request body is written only after the TLS
 * handshake, and only when the certificate's fingerprint256 equals the
 * expected one (station.json `serverFingerprint`), or — trust on first use,
 * no fingerprint given — whatever certificate the server shows is recorded
 * and returned to be pinned. Certificate authorities play no part: a cafe
 * server's certificate is usually self-signed. Every failure is an
 * EnrolmentError whose message never contains the code or the credential.
 */
import { request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { z } from 'zod';
import { sameFingerprint } from './fingerprint.js';
import { STATION_CREDENTIAL_PATTERN } from './credential-store.js';

export const EXCHANGE_PATH = '/station-enrolment/exchange';
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface ExchangeRequest {
  serverUrl: string;
  stationId: string;
  pairingCode: string;
  macAddress?: string;
  pcName?: string;
  /** https only: the certificate must have this fingerprint256; absent = trust on first use. */
  expectedFingerprint?: string;
  timeoutMs?: number;
}

export interface ExchangeResult {
  stationCredential: string;
  /** The fingerprint of the certificate this connection saw (https), or null (http). */
  certificateFingerprint: string | null;
}

export type EnrolmentFailure = 'refused' | 'bad-request' | 'rate-limited' | 'server' | 'network' | 'certificate' | 'response';

export class EnrolmentError extends Error {
  override readonly name = 'EnrolmentError';
  constructor(
    readonly failure: EnrolmentFailure,
    message: string,
  ) {
    super(message);
  }
}

const exchangeResponseSchema = z.object({
  stationId: z.string(),
  stationCredential: z.string().regex(STATION_CREDENTIAL_PATTERN),
  certificateFingerprint: z.string().nullable().optional(),
});

/** A server's message, safe to log: one line, printable, short, without the secrets. */
function serverMessage(body: string, secrets: readonly string[]): string {
  let message = '';
  try {
    const json: unknown = JSON.parse(body);
    const candidate = (json as { message?: unknown } | null)?.message;
    if (typeof candidate === 'string') message = candidate;
  } catch {
    // not JSON: no message
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  let clean = message.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  for (const secret of secrets) {
    for (const form of [secret, secret.replace('-', '')]) {
      if (form) clean = clean.split(form).join('[redacted]');
    }
  }
  return clean.length > 200 ? `${clean.slice(0, 197)}...` : clean;
}

function failureFor(status: number): { failure: EnrolmentFailure; text: string } {
  if (status === 401) return { failure: 'refused', text: 'the server refused the pairing code (wrong, expired or already used); ask the operator for a new one (npm run cafe -- pair <stationId>)' };
  if (status === 400) return { failure: 'bad-request', text: 'the server rejected the enrolment request' };
  if (status === 429) return { failure: 'rate-limited', text: 'the server is limiting enrolment attempts; try again later' };
  if (status === 404) return { failure: 'server', text: `the server has no ${EXCHANGE_PATH} (it does not enrol stations)` };
  return { failure: 'server', text: `the server answered ${status}` };
}

function readBody(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_RESPONSE_BYTES) {
        res.destroy(new EnrolmentError('response', `the server's answer is larger than ${MAX_RESPONSE_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.on('error', reject);
  });
}

function networkError(error: unknown, serverUrl: string): EnrolmentError {
  if (error instanceof EnrolmentError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new EnrolmentError('network', `cannot reach ${serverUrl}: ${code ?? (error as Error).message}`);
}

/** Exchanges the pairing code once; resolves with the credential or rejects with an EnrolmentError. */
export function exchangePairingCode(input: ExchangeRequest): Promise<ExchangeResult> {
  const url = new URL(`${input.serverUrl.replace(/\/+$/, '')}${EXCHANGE_PATH}`);
  const secure = url.protocol === 'https:';
  const body = JSON.stringify({
    stationId: input.stationId,
    pairingCode: input.pairingCode,
    ...(input.macAddress ? { macAddress: input.macAddress } : {}),
    ...(input.pcName ? { pcName: input.pcName } : {}),
  });
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accept: 'application/json' };
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return new Promise<ExchangeResult>((resolve, reject) => {
    let seenFingerprint: string | null = null;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (error: unknown) => finish(() => reject(networkError(error, input.serverUrl)));

    const onResponse = (res: IncomingMessage) => {
      readBody(res).then((text) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          const { failure, text: why } = failureFor(status);
          const said = serverMessage(text, [input.pairingCode]);
          return fail(new EnrolmentError(failure, said ? `${why}: ${said}` : why));
        }
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          return fail(new EnrolmentError('response', 'the server answered 200 with something that is not JSON'));
        }
        const parsed = exchangeResponseSchema.safeParse(json);
        if (!parsed.success || parsed.data.stationId !== input.stationId) {
          return fail(new EnrolmentError('response', 'the server answered 200 without a station credential for this station'));
        }
        const announced = parsed.data.certificateFingerprint ?? null;
        // Someone between us and the server would show its own certificate; the server names the one it serves.
        if (secure && announced !== null && !sameFingerprint(announced, seenFingerprint)) {
          return fail(
            new EnrolmentError('certificate', `the certificate this connection saw (${seenFingerprint ?? 'none'}) is not the one the server says it serves (${announced}); not enrolled`),
          );
        }
        finish(() => resolve({ stationCredential: parsed.data.stationCredential, certificateFingerprint: secure ? seenFingerprint : null }));
      }, fail);
    };

    let req: ClientRequest;
    if (secure) {
      // agent: false — a fresh connection whose handshake we watch; no CA check, the pin decides.
      req = httpsRequest(url, { method: 'POST', headers, agent: false, rejectUnauthorized: false }, onResponse);
      req.once('socket', (socket) => {
        (socket as TLSSocket).once('secureConnect', () => {
          seenFingerprint = (socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? null;
          if (input.expectedFingerprint && !sameFingerprint(input.expectedFingerprint, seenFingerprint)) {
            const error = new EnrolmentError(
              'certificate',
              `the server's certificate (${seenFingerprint ?? 'none'}) does not match serverFingerprint ${input.expectedFingerprint}; the pairing code was not sent`,
            );
            req.destroy(error);
            return fail(error);
          }
          req.end(body);
        });
      });
    } else {
      req = httpRequest(url, { method: 'POST', headers }, onResponse);
      req.end(body);
    }
    req.on('error', fail);
    const timer = setTimeout(() => {
      const error = new EnrolmentError('network', `${input.serverUrl} did not answer within ${timeoutMs} ms`);
      req.destroy(error);
      fail(error);
    }, timeoutMs);
  });
}
