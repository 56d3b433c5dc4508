/**
 * The audit log: every staff action (each state-changing admin call, allowed
 * or refused, and every console sign-in) with who, as which role, through
 * what (console or bearer), on which station or customer, from where, and
 * the outcome. Secrets in a body are left out. Listeners (the console's live
 * receipts) hear each entry after it is stored.
 */
import type { FastifyRequest } from 'fastify';
import type { Caller } from './caller.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { Db } from '../db/schema.js';

const SECRET_KEYS = /pass|secret|token|code|totp/i;

export interface AuditEntryInput {
  caller: Pick<Caller, 'userId' | 'username' | 'role' | 'via'> | { userId: null; username: string; role: null; via: 'console' | 'bearer' };
  action: string;
  params?: Record<string, unknown>;
  body?: unknown;
  statusCode: number;
  /** The handler's answer (successes only). */
  result?: unknown;
  /** The refusal's message (failures only). */
  error?: string;
  ip: string | null;
}

export type AuditListener = (entry: AuditEntryInput & { id: string; at: string }) => void;

export interface AuditSink {
  record(entry: AuditEntryInput): Promise<void>;
  listen(listener: AuditListener): () => void;
}

function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, SECRET_KEYS.test(key) ? '[hidden]' : redact(v, depth + 1)]),
  );
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

export function createAuditSink(db: Db, clock: Clock, log?: { warn(o: object, m: string): void }): AuditSink {
  const listeners = new Set<AuditListener>();
  return {
    async record(entry) {
      const params = entry.params ?? {};
      const id = newId('aud');
      const at = isoNow(clock);
      const detail = JSON.stringify({
        params: redact(params),
        ...(entry.body !== undefined && entry.body !== null ? { body: redact(entry.body) } : {}),
        ...(entry.error ? { error: entry.error.slice(0, 300) } : {}),
      }).slice(0, 4000);
      const role = entry.caller.role ?? 'none';
      try {
        await db
          .insertInto('audit_log')
          .values({
            id,
            at,
            staff_user_id: entry.caller.userId,
            staff_username: entry.caller.username,
            role,
            via: entry.caller.via,
            action: entry.action,
            station_id: str(params.stationId),
            // A staff account acted on (/admin/staff/:username/…) is the target, not a customer.
            customer: entry.action.startsWith('POST /admin/staff/') ? null : str(params.username),
            target: entry.action.startsWith('POST /admin/staff/') ? str(params.username) : str(params.id ?? params.sessionId),
            status_code: entry.statusCode,
            detail,
            ip: entry.ip,
          })
          .execute();
      } catch (error) {
        log?.warn({ err: error, action: entry.action }, 'audit line not written');
      }
      for (const listener of listeners) {
        try {
          listener({ ...entry, id, at });
        } catch (error) {
          log?.warn({ err: error }, 'audit listener failed');
        }
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const requestIp = (request: FastifyRequest): string | null => request.ip ?? null;

declare module '../context.js' {
  interface ServerServices {
    /** The audit log of staff actions (issue 15). */
    audit: AuditSink;
  }
}
