/**
 * The audit log: every staff action (each state-changing admin call, allowed
 * or refused, and every console sign-in) with who, as which role, through
 * what (console or bearer), on which station or customer, from where, and
 * the outcome. Secrets in a body are left out. Listeners (the console's live
 * receipts) hear each entry after it is stored.
 *
 * Only known accounts act in it (issue 22): a sign-in attempt with a name no
 * staff account has writes nothing. A staff action's line is written before
 * the action runs (`begin`, its outcome filled in after by `finish`): when the
 * line cannot be written the action does not happen (503), so nothing a staff
 * member does escapes the log.
 */
import type { FastifyRequest } from 'fastify';
import { staffRole, type Caller } from './caller.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { Db } from '../db/schema.js';
import { HttpError } from '../base/errors.js';
import { auditFacts } from './audit-facts.js';

const SECRET_KEYS = /pass|secret|token|code|totp/i;

export const AUDIT_UNAVAILABLE = 'The audit log cannot be written right now, so nothing was done: try again, or tell the owner.';

export interface AuditEntryInput {
  /** A known account (a staff member, or the account a sign-in attempt named): never a free-typed name. */
  caller: Pick<Caller, 'userId' | 'username' | 'role' | 'via'> & { userId: string };
  action: string;
  params?: Record<string, unknown>;
  body?: unknown;
  statusCode: number;
  /** The handler's answer (successes only). */
  result?: unknown;
  /** The refusal's message (failures only). */
  error?: string;
  /** The refusal's code when the domain gives one (wallet.actionLimit, prepaidCard.sold, …): the facts word it per language. */
  errorCode?: string;
  ip: string | null;
}

export type AuditListener = (entry: AuditEntryInput & { id: string; at: string }) => void;

export type AuditOutcome = Pick<AuditEntryInput, 'statusCode' | 'result' | 'error' | 'errorCode'>;

/** A line written before its action; `finish` fills in the outcome (never throws: the action already happened). */
export interface AuditPending {
  finish(outcome: AuditOutcome): Promise<void>;
}

export interface AuditSink {
  /** One whole line; throws (503) when it cannot be written. */
  record(entry: AuditEntryInput): Promise<void>;
  /** The line of an action about to run; throws (503) when it cannot be written, and then the action must not run. */
  begin(entry: Omit<AuditEntryInput, keyof AuditOutcome>): Promise<AuditPending>;
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

const detailOf = (entry: Partial<AuditEntryInput>) =>
  JSON.stringify({
    params: redact(entry.params ?? {}),
    ...(entry.body !== undefined && entry.body !== null ? { body: redact(entry.body) } : {}),
    ...(entry.error ? { error: entry.error.slice(0, 300) } : {}),
  }).slice(0, 4000);

/**
 * The line's facts in words' reach (issue 23): a station action also names the station's number, a centre
 * account's action its username, a group move the group's name.
 */
async function factsOf(db: Db, entry: AuditEntryInput): Promise<string> {
  const stationId = str(entry.params?.stationId);
  const station = stationId ? await db.selectFrom('stations').select('number').where('id', '=', stationId).executeTakeFirst() : undefined;
  const accountId = entry.action.includes('/admin/game-accounts/:id') ? str(entry.params?.id) : null;
  const account = accountId ? await db.selectFrom('game_accounts').select('username').where('id', '=', accountId).executeTakeFirst() : undefined;
  const groupId = entry.action === 'POST /admin/stations/:stationId/group' ? str((entry.body as { groupId?: unknown } | null)?.groupId) : null;
  const group = groupId ? await db.selectFrom('station_groups').select('name').where('id', '=', groupId).executeTakeFirst() : undefined;
  return JSON.stringify(
    auditFacts({
      actor: entry.caller.username,
      action: entry.action,
      params: entry.params,
      body: redact(entry.body),
      result: entry.result,
      statusCode: entry.statusCode,
      error: entry.error,
      errorCode: entry.errorCode,
      stationNumber: station?.number ?? null,
      names: { account: account?.username ?? null, group: group?.name ?? null },
    }),
  );
}

export function createAuditSink(db: Db, clock: Clock, log?: { warn(o: object, m: string): void; error?(o: object, m: string): void }): AuditSink {
  const listeners = new Set<AuditListener>();
  const tell = (entry: AuditEntryInput & { id: string; at: string }) => {
    for (const listener of listeners) {
      try {
        listener(entry);
      } catch (error) {
        log?.warn({ err: error }, 'audit listener failed');
      }
    }
  };
  const write = async (entry: AuditEntryInput): Promise<{ id: string; at: string }> => {
    const params = entry.params ?? {};
    const id = newId('aud');
    const at = isoNow(clock);
    const staffTarget = entry.action.startsWith('POST /admin/staff/');
    try {
      await db
        .insertInto('audit_log')
        .values({
          id,
          at,
          staff_user_id: entry.caller.userId,
          staff_username: entry.caller.username,
          role: entry.caller.role ?? 'none',
          via: entry.caller.via,
          action: entry.action,
          station_id: str(params.stationId),
          // A staff account acted on (/admin/staff/:username/…) is the target, not a customer.
          customer: staffTarget ? null : str(params.username),
          target: staffTarget ? str(params.username) : str(params.id ?? params.sessionId),
          status_code: entry.statusCode,
          detail: detailOf(entry),
          ip: entry.ip,
          facts: await factsOf(db, entry),
        })
        .execute();
    } catch (error) {
      log?.warn({ err: error, action: entry.action }, 'audit line not written: the action is refused');
      throw new HttpError(503, AUDIT_UNAVAILABLE);
    }
    return { id, at };
  };
  return {
    async record(entry) {
      const written = await write(entry);
      tell({ ...entry, ...written });
    },
    async begin(entry) {
      // status 0: started, outcome not written yet.
      const written = await write({ ...entry, statusCode: 0 });
      return {
        async finish(outcome) {
          const done = { ...entry, ...outcome };
          try {
            await db
              .updateTable('audit_log')
              .set({ status_code: outcome.statusCode, detail: detailOf(done), facts: await factsOf(db, done) })
              .where('id', '=', written.id)
              .execute();
          } catch (error) {
            (log?.error ?? log?.warn)?.call(log, { err: error, action: entry.action, id: written.id }, 'audit outcome not written (the line shows the attempt)');
          }
          tell({ ...done, ...written });
        },
      };
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A sign-in attempt's line (console or admin API): written only when it names a staff account that exists, so a
 * stranger cannot fill the log with made-up staff names; a customer or unknown name leaves no line.
 */
export async function auditSignIn(
  audit: AuditSink,
  action: string,
  via: 'console' | 'bearer',
  user: { id: string; username: string; type: string } | undefined,
  statusCode: number,
  ip: string | null,
  error?: string,
): Promise<void> {
  const role = user ? staffRole(user.type) : null;
  if (!user || !role) return;
  await audit.record({ caller: { userId: user.id, username: user.username, role, via }, action, statusCode, ...(error ? { error } : {}), ip });
}

export const requestIp = (request: FastifyRequest): string | null => request.ip ?? null;
