/**
 * A `fetch` that never leaves the test: records every request and answers it
 * with what `respond` returns (a real Response, so the client reads status,
 * status text, headers and body the way it does in Chromium).
 */
export interface FetchRequest {
  /** The whole URL as called. */
  url: string;
  /** Its path, without origin or query (what the route asked for). */
  path: string;
  /** Its query values. */
  query: Record<string, string>;
  method: string;
  /** As sent (names case-insensitive, as on the wire). */
  headers: Headers;
  /** The body as sent (JSON text), undefined for none. */
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export interface FakeAnswer {
  status?: number;
  statusText?: string;
  /** Sent as JSON; a string is sent as it is; undefined sends no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

export function fakeFetch(respond: (request: FetchRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FetchRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const request: FetchRequest = {
      url: String(input),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    const answer = await respond(request);
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? null : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, { status, statusText: answer.statusText ?? (status === 200 ? 'OK' : ''), headers: answer.headers });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
