/**
 * The generic SMS gateway (issue 25): an HTTP POST to a URL the cafe's local
 * gateway documents, with a body template. `{to}` and `{text}` in the
 * template are replaced, escaped for its content type (JSON string content,
 * or form-encoded). The credential (a whole header value, e.g. `Bearer …`)
 * comes from SPAWNPOINT_SMS_HTTP_AUTH_FILE or SPAWNPOINT_SMS_HTTP_AUTH, never
 * from argv, and is never logged. Any 2xx is a message sent.
 */
import { secretFromEnv } from '../config/env-secrets.js';
import { notDelivered, type DeliveryProvider } from './provider.js';

export interface HttpSmsOptions {
  url: string;
  /** e.g. {"to":"{to}","text":"{text}"} or to={to}&message={text} */
  template: string;
  contentType: string;
  authHeader: string;
  auth?: string;
}

export const DEFAULT_SMS_TEMPLATE = '{"to":"{to}","text":"{text}"}';

function escapeFor(contentType: string, value: string): string {
  if (contentType.includes('json')) return JSON.stringify(value).slice(1, -1);
  if (contentType.includes('x-www-form-urlencoded')) return encodeURIComponent(value);
  return value;
}

export function renderSmsBody(options: Pick<HttpSmsOptions, 'template' | 'contentType'>, to: string, text: string): string {
  return options.template.replace(/\{(to|text)\}/g, (_m, name: string) => escapeFor(options.contentType, name === 'to' ? to : text));
}

export function httpSmsProvider(options: HttpSmsOptions): DeliveryProvider {
  return {
    async send(message) {
      const headers: Record<string, string> = { 'content-type': options.contentType };
      if (options.auth) headers[options.authHeader.toLowerCase()] = options.auth;
      let ok = false;
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: renderSmsBody(options, message.to, message.body),
          redirect: 'error',
          signal: AbortSignal.timeout(10_000),
        });
        ok = response.ok;
        await response.body?.cancel();
      } catch {
        ok = false;
      }
      if (!ok) throw notDelivered();
    },
  };
}

export function httpSmsFromEnv(env: Record<string, string | undefined>): DeliveryProvider | undefined {
  const url = env.SPAWNPOINT_SMS_HTTP_URL;
  if (!url) return undefined;
  return httpSmsProvider({
    url,
    template: env.SPAWNPOINT_SMS_HTTP_BODY ?? DEFAULT_SMS_TEMPLATE,
    contentType: env.SPAWNPOINT_SMS_HTTP_CONTENT_TYPE ?? 'application/json',
    authHeader: env.SPAWNPOINT_SMS_HTTP_AUTH_HEADER ?? 'authorization',
    auth: secretFromEnv(env, 'SPAWNPOINT_SMS_HTTP_AUTH'),
  });
}
