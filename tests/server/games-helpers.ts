/** Shared by the games-*.test.ts files: station credentials, raw calls with headers, demo account lookups. */
import { expect } from 'vitest';
import { routePath, type Route } from '../../src/shared/api/route.js';
import { adminGameAccounts, type AdminGameAccount } from '../../src/shared/api/routes.js';
import { ok, stationCredential as enrolledCredential } from './support/harness.js';

/** The credential the enrolled demo station presents (X-Station-Credential); the harness enrolled every demo PC. */
export async function stationCredential(url: string, stationNumber: number): Promise<string> {
  return enrolledCredential(url, stationNumber);
}

export interface Raw {
  status: number;
  text: string;
  body: unknown;
}

/** A call with any headers; the raw text is kept so a test can search it for a secret. */
export async function call(
  url: string,
  route: Route,
  input: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; token?: string; credential?: string } = {},
): Promise<Raw> {
  const headers: Record<string, string> = {};
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  if (input.credential) headers['x-station-credential'] = input.credential;
  let body: string | undefined;
  if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  }
  const qs = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const response = await fetch(`${url}${routePath(route.path, input.params)}${qs}`, { method: route.method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, text, body: parsed };
}

export function expectError(res: Raw, status: number, message?: string): void {
  expect(res.status).toBe(status);
  if (message !== undefined) expect((res.body as { message?: string }).message).toBe(message);
}

/** A seeded account by its username (admin view). */
export async function accountNamed(url: string, admin: string, username: string): Promise<AdminGameAccount> {
  const accounts = await ok(url, adminGameAccounts, { token: admin });
  const account = accounts.find((a) => a.username === username);
  if (!account) throw new Error(`no seeded account ${username}`);
  return account;
}
