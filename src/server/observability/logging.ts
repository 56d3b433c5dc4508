/**
 * Structured logs (Fastify's own pino) with request ids and no secrets.
 *
 * Request ids: a caller (the proxy) may pass `X-Request-Id`; it is kept only
 * if it is short and plain (letters, digits, `._:-`, at most 64), otherwise a
 * fresh UUID is used. Every answer echoes the id in `X-Request-Id`, and every
 * log line of the request carries it as `reqId`.
 *
 * Redaction: credential headers (Authorization, X-Station-Credential,
 * cookies) are censored wherever a header object is logged, and the URL
 * logged for a request drops the values of query parameters that carry
 * tokens or codes (email links, OAuth callbacks).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const SECRET_QUERY_PARAM = /token|code|credential|secret|password|key|signature|state/i;
export const REDACTED = '[REDACTED]';

/** The incoming id when it is safe to log and echo, else a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** A URL for the logs: the path, and the query with secret-looking values replaced. */
export function loggableUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY_PARAM.test(name)) params.set(name, REDACTED);
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

const SECRET_HEADERS = ['authorization', 'x-station-credential', 'cookie', 'set-cookie', 'x-metrics-token'];

/** pino redaction paths: a header object logged under any of these names is censored. */
export const REDACT_PATHS = ['req.headers', 'headers', 'res.headers'].flatMap((at) => SECRET_HEADERS.map((h) => `${at}["${h}"]`));

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Adds node id, redaction and the safe request serializer to caller-supplied logger options. */
export function withLogHygiene(logger: FastifyServerOptions['logger'], nodeId: string): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return {
    ...base,
    base: { node: nodeId },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  } as FastifyServerOptions['logger'];
}
