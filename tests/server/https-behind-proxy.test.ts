/**
 * Issue 22, item 2: behind a proxy that terminates TLS the node speaks plain
 * HTTP, yet the browser is on HTTPS: the answers carry HSTS whenever the
 * public URL is HTTPS (a loopback demo on http:// gets none).
 */
import { describe, expect, it } from 'vitest';
import { useServer } from './support/server.js';

describe('HSTS follows the public URL', () => {
  const behindProxy = useServer({ server: { publicUrl: 'https://cafe.example' } });
  it('an https public URL: Strict-Transport-Security on the answers', async () => {
    const reply = await fetch(`${behindProxy.url}/console/`);
    expect(reply.headers.get('strict-transport-security')).toMatch(/max-age=15552000/);
  });
});

describe('a loopback demo', () => {
  const demo = useServer();
  it('plain http: no HSTS', async () => {
    const reply = await fetch(`${demo.url}/console/`);
    expect(reply.headers.get('strict-transport-security')).toBeNull();
  });
});
