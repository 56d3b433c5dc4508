/**
 * SPEC §2/§5/§9 service calls: the top bar calls the cafe service (waiter) or
 * technical support. POST /service-calls/client, or /service-calls/guest for
 * a guest; at most one call per type every 5 minutes — refused here with
 * how long is left, and the server's own 429 (Retry-After) starts the same
 * wait. 'No station ID available' without a station, 'Failed to send
 * service call' when the call fails.
 */
import { serviceCallClient, serviceCallGuest } from '../../shared/api/profile.js';
import { SERVICE_CALL_COOLDOWN_MS } from '../../shared/constants.js';
import type { SERVICE_CALL_TYPES } from '../../shared/entities.js';
import { describeError, toApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';

export type ServiceCallType = (typeof SERVICE_CALL_TYPES)[number];

export type ServiceCallResult = { ok: true; message: UiMessage } | { ok: false; message: UiMessage };

export interface ServiceCallDeps {
  api: Pick<ApiClient, 'call'>;
  /** The station and who sits at it; null without a station. */
  caller: () => { stationId: string | null; stationNumber: number | null; isGuest: boolean };
  now?: () => number;
  log?: Pick<Console, 'warn'>;
}

/** m:ss of a wait (4:05); under a minute, seconds only ("42 s" reads "0:42"). */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What staff read on their list. */
export function serviceCallMessage(type: ServiceCallType, stationNumber: number | null): string {
  const where = stationNumber === null ? 'a station' : `station ${stationNumber}`;
  return type === 'waiter' ? `Service requested at ${where}` : `Technical support requested at ${where}`;
}

export class ServiceCallService {
  /** Per type: when the next call may be sent (epoch ms). */
  private readonly nextAllowed = new Map<ServiceCallType, number>();
  private readonly inFlight = new Set<ServiceCallType>();
  private readonly now: () => number;
  private readonly log: Pick<Console, 'warn'>;

  constructor(private readonly deps: ServiceCallDeps) {
    this.now = deps.now ?? Date.now;
    this.log = deps.log ?? console;
  }

  /** Milliseconds until this type may be called again (0: now). */
  remaining(type: ServiceCallType): number {
    return Math.max(0, (this.nextAllowed.get(type) ?? 0) - this.now());
  }

  async call(type: ServiceCallType): Promise<ServiceCallResult> {
    const wait = this.remaining(type);
    if (wait > 0 || this.inFlight.has(type)) return { ok: false, message: this.cooldownMessage(type, Math.max(wait, 1000)) };
    const caller = this.deps.caller();
    if (!caller.stationId) return { ok: false, message: { key: 'error.serviceCall.noStation' } };
    this.inFlight.add(type);
    try {
      await this.deps.api.call(caller.isGuest ? serviceCallGuest : serviceCallClient, {
        body: { type, stationId: caller.stationId, message: serviceCallMessage(type, caller.stationNumber) },
      });
      this.nextAllowed.set(type, this.now() + SERVICE_CALL_COOLDOWN_MS);
      return { ok: true, message: { key: type === 'waiter' ? 'serviceCall.sent.waiter' : 'serviceCall.sent.technical' } };
    } catch (error) {
      const failure = toApiError(error);
      if (failure.status === 429) {
        const ms = (failure.retryAfterSeconds ?? SERVICE_CALL_COOLDOWN_MS / 1000) * 1000;
        this.nextAllowed.set(type, this.now() + ms);
        return { ok: false, message: this.cooldownMessage(type, ms) };
      }
      this.log.warn(`[service-call] ${type} failed: ${describeError(error)}`);
      return { ok: false, message: { key: 'error.serviceCall.failed' } };
    } finally {
      this.inFlight.delete(type);
    }
  }

  /** A new session starts without a wait (the server still holds its own per station and user). */
  reset(): void {
    this.nextAllowed.clear();
  }

  private cooldownMessage(type: ServiceCallType, ms: number): UiMessage {
    return {
      key: type === 'waiter' ? 'serviceCall.cooldown.waiter' : 'serviceCall.cooldown.technical',
      values: { time: formatWait(ms) },
    };
  }
}
