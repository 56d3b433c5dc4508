/**
 * Issue 22, item 2 (the cluster's front door): behind the documented HAProxy
 * a client's own X-Forwarded-* headers passed straight through to the nodes
 * (so a caller picked its own address for every per-IP budget), nothing said
 * which protocol the client used, and there was no body limit. Now the proxy
 * drops every client-sent forwarding header, sets X-Forwarded-For and
 * X-Forwarded-Proto itself, and refuses bodies over the nodes' own bounds.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyBinary, startFrontDoor, type FrontDoor } from '../../src/server/cluster/haproxy.js';

const TOKEN = 'front-door-test-token-0123456789';

describe.runIf(haproxyBinary())('attack: forwarding headers and bodies through the front door', () => {
  let node: Server;
  let door: FrontDoor;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // A stand-in node: healthy, and it tells what headers reached it.
    node = createServer((req, res) => {
      req.resume();
      if (req.url !== '/health') seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const port = (node.address() as AddressInfo).port;
    door = await startFrontDoor({ backends: [{ name: 'node-1', url: `http://127.0.0.1:${port}` }], metricsToken: TOKEN });
  });
  afterAll(async () => {
    await door?.stop();
    await new Promise((resolve) => node?.close(resolve));
  });

  it("drops a client's own forwarding headers and sets its own", async () => {
    seen.length = 0;
    const reply = await fetch(`${door.url}/station-heartbeat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '10.9.9.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        'x-real-ip': '10.9.9.9',
        forwarded: 'for=10.9.9.9;proto=https',
      },
      body: '{}',
    });
    expect(reply.status).toBe(200);
    const headers = seen.at(-1)!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
  });

  it('refuses a big body at the door (413), except the media uploads up to their bound', async () => {
    seen.length = 0;
    expect(await declared(door.url, 'POST', '/auth/client/login', 2 * 1024 * 1024)).toBe(413);
    expect(await declared(door.url, 'POST', '/station-heartbeat', 70 * 1024)).toBe(413);
    expect(await declared(door.url, 'PUT', '/admin/media/background-video', 65 * 1024 * 1024)).toBe(413);
    expect(seen).toHaveLength(0);
    const upload = await fetch(`${door.url}/admin/media/logo`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: Buffer.alloc(1024 * 1024) });
    expect(upload.status).toBe(200);
  });
});

/** A request that declares a body of `bytes` and sends only its first KiB: the door's answer. */
function declared(url: string, method: string, path: string, bytes: number): Promise<number> {
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: target.hostname, port: target.port, path: target.pathname, method, headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes) } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.write(Buffer.alloc(1024));
  });
}
