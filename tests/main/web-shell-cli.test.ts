import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WEB_BRIDGE_PATH } from '../../src/shared/bridge/protocol.js';

const rendererDir = mkdtempSync(join(tmpdir(), 'spawnpoint-cli-renderer-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>cli test</title>');

/** Sends one message on the bridge and resolves with the first reply. */
function ask(url: string, message: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws') + WEB_BRIDGE_PATH, { headers: { Origin: url } });
    ws.once('open', () => ws.send(JSON.stringify(message)));
    ws.once('message', (data) => {
      resolve(JSON.parse(data.toString()));
      ws.close();
    });
    ws.once('error', reject);
  });
}

/** Runs the CLI as `npm run web` does and returns its output once it exits or prints the ready line. */
function runCli(args: string[]): Promise<{ stdout: string; stderr: string; code: number | null; kill: () => void }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web-shell/cli.ts', ...args], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, SPAWNPOINT_CONFIG: '' },
    });
    let stdout = '';
    let stderr = '';
    const kill = () => child.kill('SIGTERM');
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve({ stdout, stderr, code: null, kill });
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ stdout, stderr, code, kill }));
  });
}

describe('web shell CLI', () => {
  it('prints exactly one ready line and serves the bridge', async () => {
    const run = await runCli([
      '--server', 'http://127.0.0.1:3999', '--station-id', 'st-7', '--mac', '11:22:33:44:55:66',
      '--pc-name', 'PC-7', '--port', '0', '--renderer-dir', rendererDir,
    ]);
    try {
      expect(run.stdout).toMatch(/^Spawnpoint web shell for station st-7 at http:\/\/127\.0\.0\.1:\d+\n$/);
      const url = /at (http:\/\/\S+)/.exec(run.stdout)![1]!;
      expect(await ask(url, { command: 'GimmeData' })).toEqual({
        command: 'HereTheData',
        data: expect.objectContaining({ macAddress: '11:22:33:44:55:66', stationId: 'st-7', pcName: 'PC-7' }),
      });
    } finally {
      run.kill();
    }
  });

  it('serves /__shell/ only with --test-hooks', async () => {
    const args = ['--server', 'http://127.0.0.1:3999', '--station-id', 'st-8', '--mac', '11:22:33:44:55:68', '--port', '0', '--renderer-dir', rendererDir];
    for (const [extra, status] of [[[], 404], [['--test-hooks'], 200]] as const) {
      const run = await runCli([...args, ...extra, '--data-dir', mkdtempSync(join(tmpdir(), 'spawnpoint-cli-data-'))]);
      try {
        const url = /at (http:\/\/\S+)/.exec(run.stdout)![1]!;
        expect((await fetch(`${url}/__shell/actions`)).status, extra.join(' ') || 'no flag').toBe(status);
      } finally {
        run.kill();
      }
    }
  });

  it('exits 2 on a malformed pairing code without printing it', async () => {
    const run = await runCli(['--server', 'http://127.0.0.1:3999', '--station-id', 's', '--pairing-code', 'SECRET-CODE', '--renderer-dir', rendererDir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--pairing-code must be the 8-character code/);
    expect(run.stderr).not.toContain('SECRET');
  });

  it('exits 2 with a clear message when the renderer is missing', async () => {
    const run = await runCli(['--server', 'http://127.0.0.1:3999', '--station-id', 's', '--renderer-dir', join(rendererDir, 'nope')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Run `npm run build` first/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 naming the flag of a bad argument', async () => {
    const run = await runCli(['--server', 'ftp://x', '--station-id', 's', '--renderer-dir', rendererDir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--server must be an http/);
    const unknown = await runCli(['--sever', 'http://x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown argument "--sever"/);
  });
});
