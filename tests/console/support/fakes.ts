/**
 * Fakes for the console's tests: a server answering by route ('METHOD /path'),
 * a live channel the test pushes events into, and a core built from them.
 */
import { toCsv, type CsvValue } from '../../../src/shared/csv.js';
import type { Core } from '../../../src/console/core/feature.js';
import type { Files } from '../../../src/console/core/files.js';
import { createHttp } from '../../../src/console/core/http.js';
import { createStore } from 'zustand/vanilla';
import type { Page, SoundState } from '../../../src/console/core/page.js';
import { StaffSocket } from '../../../src/console/core/staffSocket.js';
import type { StaffEvent, StaffPayloads } from '../../../src/shared/socket/staff-events.js';

export type Answer = ((body: unknown, url: string) => unknown) | object | string | number | boolean | null;
export interface FakeServer {
  fetch: typeof fetch;
  /** Every request: method, path with query, body (parsed JSON), headers. */
  requests: { method: string; url: string; body: unknown; headers: Record<string, string> }[];
  /** Answers for a route, 'POST /admin/shifts/open' (params as in the URL); a function gets the body. */
  on(key: string, answer: Answer, status?: number): void;
}

/** A server that answers what the test set, 404 otherwise. Keys match the path without its query string. */
export function fakeServer(): FakeServer {
  const answers = new Map<string, { answer: Answer; status: number }>();
  const requests: FakeServer['requests'] = [];
  const fetcher = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const text = typeof init.body === 'string' ? init.body : '';
    const body = text ? JSON.parse(text) : null;
    requests.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const set = answers.get(`${method} ${url.split('?')[0]}`);
    if (!set) return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: `no route ${method} ${url}` }), { status: 404 });
    const value = typeof set.answer === 'function' ? (set.answer as (b: unknown, u: string) => unknown)(body, url) : set.answer;
    return new Response(JSON.stringify(value), { status: set.status });
  };
  return {
    fetch: fetcher as typeof fetch,
    requests,
    on(key, answer, status = 200) {
      answers.set(key, { answer, status });
    },
  };
}

/** A live channel that never dials: the test calls `emit` as if the server pushed the event. */
export class FakeSocket extends StaffSocket {
  connected = 0;
  override connect(): void {
    this.connected += 1;
    this.link.setState({ phase: 'live', connected: true });
  }
  override disconnect(): void {
    this.link.setState({ phase: 'idle', connected: false, error: null });
  }
  /** The server refused the handshake with this message. */
  refuse(message: string): void {
    this.refused(message);
  }
  /** The link was lost (a server restart) and is live again: the listeners re-read. */
  comeBack(): void {
    this.link.setState({ phase: 'away', connected: false, awaySince: Date.now() });
    this.wasAway = true;
    this.live();
  }
  emit<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void {
    this.deliver(event, payload);
  }
}

export function fakePage(): Page & { waiting: number[]; chimes: number } {
  const page = {
    waiting: [] as number[],
    chimes: 0,
    sound: createStore<SoundState>(() => ({ blocked: false })),
    enableSound: () => undefined,
    setWaiting: (n: number) => void page.waiting.push(n),
    retitle: () => undefined,
    chime: () => void (page.chimes += 1),
  };
  return page;
}

export function fakeFiles(): Files & { saved: { filename: string; text: string }[]; printed: number } {
  const files = {
    saved: [] as { filename: string; text: string }[],
    printed: 0,
    download: (filename: string, text: string) => void files.saved.push({ filename, text }),
    csv: (filename: string, rows: readonly (readonly CsvValue[])[]) => void files.saved.push({ filename, text: toCsv(rows) }),
    print: () => void (files.printed += 1),
  };
  return files;
}

export function testCore(server: FakeServer = fakeServer()) {
  const socket = new FakeSocket();
  const page = fakePage();
  const files = fakeFiles();
  const core: Core = { http: createHttp('', server.fetch), socket, page, files, stores: [socket.link] };
  return { core, server, socket, page, files };
}
