/**
 * Test hooks under /__shell/, for unit and end-to-end tests. They exist only
 * when the web shell runs with --test-hooks, and answer only loopback
 * requests with no Origin or the shell's own (request-guard.ts):
 *   GET    /__shell/actions  → 200 JSON array of ActionRecord, oldest first
 *   DELETE /__shell/actions  → 204, forgets them
 *   POST   /__shell/emit     → body: one shell→renderer message as JSON;
 *                              200 {"sent": <number of bridge sockets>} or 400 {"error": "..."}
 *   GET    /__shell/apps    → 200 JSON array of the dry-run games "running" ({jsonId, accountId?})
 *   POST   /__shell/apps/close → body {"jsonId": "game-…"}: the game closes (AppClosed, and
 *                              AccountReleased for a centre account); 200 {"closed": true|false}
 *   POST   /__shell/apps/launch → body {"jsonId": "game-…"}: the game starts outside the kiosk's
 *                              Launch (AppLaunched; the server hears it running); 200 {"launched": true}
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseShellMessage } from '../../shared/bridge/protocol.js';
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { ActionRecorder } from '../dry-run/recorder.js';
import type { DryRunLauncher } from '../launcher/dry-run.js';

export const TEST_HOOK_PREFIX = '/__shell/';
const MAX_BODY_BYTES = 64 * 1024;

export interface TestHookDeps {
  recorder: ActionRecorder;
  /** The dry-run launcher's games. */
  apps?: Pick<DryRunLauncher, 'running' | 'close' | 'launch'> | null;
  /** Sends to every bridge socket; returns how many. */
  broadcast: (message: ShellToRenderer) => number;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function handleTestHook(req: IncomingMessage, res: ServerResponse, deps: TestHookDeps): Promise<void> {
  const path = (req.url ?? '').split('?', 1)[0];
  if (path === '/__shell/actions' && req.method === 'GET') return sendJson(res, 200, deps.recorder.list());
  if (path === '/__shell/actions' && req.method === 'DELETE') {
    deps.recorder.clear();
    res.writeHead(204).end();
    return;
  }
  if (path === '/__shell/apps' && req.method === 'GET') return sendJson(res, 200, deps.apps?.running() ?? []);
  if ((path === '/__shell/apps/close' || path === '/__shell/apps/launch') && req.method === 'POST') {
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, { error: `body is larger than ${MAX_BODY_BYTES} bytes` });
    let jsonId: unknown;
    try {
      jsonId = (JSON.parse(body) as { jsonId?: unknown } | null)?.jsonId;
    } catch {
      return sendJson(res, 400, { error: 'body is not valid JSON' });
    }
    if (typeof jsonId !== 'string' || !jsonId) return sendJson(res, 400, { error: 'body must be {"jsonId": "..."}' });
    if (!deps.apps) return sendJson(res, 409, { error: 'the shell has no dry-run launcher' });
    if (path === '/__shell/apps/close') return sendJson(res, 200, { closed: deps.apps.close(jsonId) });
    await deps.apps.launch({ jsonId });
    return sendJson(res, 200, { launched: true });
  }
  if (path === '/__shell/emit' && req.method === 'POST') {
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, { error: `body is larger than ${MAX_BODY_BYTES} bytes` });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return sendJson(res, 400, { error: 'body is not valid JSON' });
    }
    const parsed = parseShellMessage(json);
    if (!parsed.ok) return sendJson(res, 400, { error: parsed.error });
    return sendJson(res, 200, { sent: deps.broadcast(parsed.message) });
  }
  return sendJson(res, 404, { error: `no test hook ${req.method ?? ''} ${path ?? ''}` });
}
