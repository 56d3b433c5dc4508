/**
 * Issue 22, item 2: plain HTTP was the default everywhere, so a server
 * listening on the cafe LAN carried station credentials, tokens and passwords
 * in clear. Now a server bound beyond loopback serves HTTPS/WSS unless told
 * --insecure-http, with a certificate it makes at first start, and prints the
 * fingerprint the pairing step pins.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RENDERER_DIR, startProcess, type Running } from '../support/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-https-default-'));
let server: Running | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('attack: read the cafe LAN in clear', () => {
  it('a server on 0.0.0.0 speaks HTTPS by default and prints its certificate fingerprint', async () => {
    server = await startProcess(
      ['src/server/main.ts', '--host', '0.0.0.0', '--port', '0', '--db', join(dir, 'cafe.sqlite'), '--renderer-dir', RENDERER_DIR],
      /listening on (\S+)/,
    );
    expect(server.url).toMatch(/^https:\/\//);
    await expect.poll(() => server!.output()).toMatch(/TLS certificate fingerprint \(SHA-256\) ([0-9A-F]{2}:){31}[0-9A-F]{2}/);
    const port = new URL(server.url).port;
    // Plain HTTP to it is not served.
    const plain = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status).catch(() => 'refused');
    expect(plain).not.toBe(200);
    expect(plain).not.toBe(401);
  });
});
