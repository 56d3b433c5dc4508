/** Helpers for the realtime end-to-end specs: the shell's action record and the admin API. */
import { adminToken } from '../support/processes.js';

export interface ShellAction {
  action: string;
  args: unknown[];
}

export async function shellActions(shellUrl: string): Promise<ShellAction[]> {
  const res = await fetch(`${shellUrl}/__shell/actions`);
  return (await res.json()) as ShellAction[];
}

export async function clearShellActions(shellUrl: string): Promise<void> {
  await fetch(`${shellUrl}/__shell/actions`, { method: 'DELETE' });
}

/** An authenticated admin call; returns the parsed JSON body (throws on an HTTP error). */
export async function adminCall(serverUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  return bearerCall(serverUrl, await adminToken(serverUrl), method, path, body);
}

/** One call with a bearer token (staff's or a customer's); a refusal throws with its status and answer. */
export async function bearerCall(serverUrl: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${serverUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export interface StationRow {
  id: string;
  status: string;
  currentSession: { sessionId: string; username: string; remainingMinutes: number | null } | null;
}

export async function stationRow(serverUrl: string, stationId: string): Promise<StationRow> {
  const rows = (await adminCall(serverUrl, 'GET', '/admin/stations')) as StationRow[];
  const row = rows.find((r) => r.id === stationId);
  if (!row) throw new Error(`no station ${stationId}`);
  return row;
}
