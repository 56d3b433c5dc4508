import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, startServer } from './support/harness.js';
import { useServer } from './support/server.js';

const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-renderer-'));
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Spawnpoint</title><div id="root"></div>');
writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("renderer")');
const t = useServer({ per: 'file', server: { rendererDir: dir } });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderer hosting', () => {
  it('serves the built renderer and its assets', async () => {
    const index = await fetch(`${t.url}/`);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(await index.text()).toContain('<title>Spawnpoint</title>');
    const js = await fetch(`${t.url}/assets/app.js`);
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('console.log("renderer")');
  });

  it('falls back to index.html for page routes such as /password and /verify-email', async () => {
    for (const path of ['/password?token=abc', '/verify-email?token=abc', '/dashboard']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('never answers API paths with the page', async () => {
    expect(await api(t.url, 'GET', '/profile')).toMatchObject({ status: 401 });
    expect(await api(t.url, 'GET', '/admin/whatever')).toMatchObject({ status: 404, body: { error: 'Not Found' } });
    expect(await api(t.url, 'GET', '/media/thumbnails/missing.svg')).toMatchObject({ status: 404 });
    expect(await api(t.url, 'POST', '/dashboard', { body: {} })).toMatchObject({ status: 404, body: { statusCode: 404 } });
    expect(await api(t.url, 'GET', '/assets/missing.js')).toMatchObject({ status: 404, body: { statusCode: 404 } });
  });
});

describe('without a renderer build', () => {
  it('answers page routes with a JSON 404', async () => {
    const bare = await startServer({ rendererDir: join(dir, 'does-not-exist') });
    expect(await api(bare.url, 'GET', '/password')).toMatchObject({ status: 404, body: { error: 'Not Found' } });
    await bare.close();
  });
});
