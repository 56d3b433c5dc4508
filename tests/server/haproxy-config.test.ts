/**
 * The front door's configuration (src/server/cluster/haproxy.cfg): one
 * `server` line per node in place of the marker, the token never written
 * into the file, and — where HAProxy is installed — `haproxy -c` accepts it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyBinary, renderHaproxyConfig } from '../../src/server/cluster/haproxy.js';

const nodes = [
  { name: 'node-1', url: 'http://127.0.0.1:41001' },
  { name: 'node-2', url: 'http://127.0.0.1:41002' },
];

describe('the HAProxy template', () => {
  it('gets one server line per node, health checks with the metrics token from the environment, and stickiness', () => {
    const config = renderHaproxyConfig(nodes);
    expect(config.match(/^ {4}server .*$/gm)).toEqual(['    server node-1 127.0.0.1:41001', '    server node-2 127.0.0.1:41002']);
    expect(config).not.toMatch(/^\{\{servers\}\}$/m);
    expect(config).toContain('http-check send meth GET uri /health hdr Authorization "Bearer ${SPAWNPOINT_METRICS_TOKEN}"');
    expect(config).toContain('stick store-response res.cook(io)');
    expect(config).toContain('stick match url_param(sid)');
    expect(() => renderHaproxyConfig([{ name: 'node 1; bad', url: 'http://127.0.0.1:1' }])).toThrow(/not a node name/);
  });

  it.runIf(haproxyBinary())('is accepted by haproxy -c', () => {
    const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-haproxy-test-'));
    try {
      const file = join(dir, 'haproxy.cfg');
      writeFileSync(file, renderHaproxyConfig(nodes));
      // -c only parses: nothing listens on the port.
      const env = { ...process.env, SPAWNPOINT_PROXY_BIND: '127.0.0.1:44999', SPAWNPOINT_METRICS_TOKEN: 'x'.repeat(24) };
      const check = spawnSync(haproxyBinary()!, ['-c', '-f', file], { env, encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
