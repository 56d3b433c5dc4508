/**
 * A real local HTTP or HTTPS server that plays the cafe server's
 * `POST /station-enrolment/exchange`, for the station's enrolment tests.
 * HTTPS uses a freshly generated self-signed certificate (selfsigned).
 */
import { X509Certificate } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export interface TestCertificate {
  key: string;
  cert: string;
  fingerprint256: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost. */
export async function selfSignedCertificate(): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert, fingerprint256: new X509Certificate(pems.cert).fingerprint256 };
}

export interface Reply {
  status: number;
  body: unknown;
}

export interface EnrolmentServer {
  url: string;
  /** Every request body the exchange route received (parsed JSON). */
  received: unknown[];
  /** How many TCP connections were opened. */
  connections: () => number;
  close(): Promise<void>;
}

export const FAKE_CREDENTIAL = `spst_${'A'.repeat(20)}-_${'b'.repeat(21)}`;

/** The reply a contract-following server gives to a good code. */
export function granted(body: { stationId: string; pairingCode: string }, fingerprint: string | null): Reply {
  return { status: 200, body: { stationId: body.stationId, stationCredential: FAKE_CREDENTIAL, certificateFingerprint: fingerprint } };
}

export async function startEnrolmentServer(options: {
  tls?: TestCertificate;
  /** Decides the reply; 'hang' never answers. */
  reply: (body: { stationId: string; pairingCode: string }) => Reply | 'hang';
}): Promise<EnrolmentServer> {
  const received: unknown[] = [];
  let connections = 0;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/station-enrolment/exchange') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
        return;
      }
      const body = JSON.parse(text) as { stationId: string; pairingCode: string };
      received.push(body);
      const reply = options.reply(body);
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(
        typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
      );
    });
  };
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, handler)
    : createHttpServer(handler);
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
