/** The admin REST API over fetch, typed by the shared route descriptors. */
import { z } from 'zod';
import { errorBodySchema, routePath, type Route } from '../../shared/api/route.js';
import { adminLogin, TOTP_NEEDED } from '../../shared/api/routes.js';
import { askSecret } from './secrets.js';

export class CliError extends Error {
  override name = 'CliError';
}

class UnreachableError extends CliError {}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export class AdminClient {
  private token: string | undefined;

  constructor(
    private readonly server: string,
    /**
     * password undefined: asked (hidden) at the first sign-in; there is no default. totp: the authenticator's code,
     * asked (hidden) when the server answers that the account has two-step sign-in.
     */
    private readonly credentials: { user: string; password: string | undefined; totp?: string; token?: string },
    env: NodeJS.ProcessEnv = process.env,
  ) {
    // An admin token from an earlier sign-in (SPAWNPOINT_ADMIN_TOKEN, never a flag) is used instead of signing in.
    this.token = credentials.token ?? (env.SPAWNPOINT_ADMIN_TOKEN?.trim() || undefined);
  }

  private async request<T extends Route>(route: T, input: CallInput, token?: string): Promise<z.output<T['response']>> {
    const url = new URL(routePath(route.path, input.params), `${this.server}/`);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    let response: Response;
    try {
      response = await fetch(url, {
        method: route.method,
        headers: {
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new UnreachableError(`cannot reach the cafe server at ${this.server} (${networkCause(error)})`);
    }
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const body = errorBodySchema.safeParse(data);
      throw new CliError(body.success ? `${response.status}: ${body.data.message}` : `HTTP ${response.status}`);
    }
    const parsed = route.response.safeParse(data);
    if (!parsed.success) throw new CliError(`unexpected answer from ${route.path}: ${z.prettifyError(parsed.error)}`);
    return parsed.data as z.output<T['response']>;
  }

  /** Calls an admin route, signing in first. */
  async call<T extends Route>(route: T, input: CallInput = {}): Promise<z.output<T['response']>> {
    if (!this.token) {
      const password = this.credentials.password ?? (await askSecret(`Password of ${this.credentials.user}: `));
      if (!password) {
        throw new CliError(`no admin password for '${this.credentials.user}': set SPAWNPOINT_ADMIN_PASSWORD, or type it when asked (piped: one line of stdin)`);
      }
      this.token = await this.signIn(password);
    }
    return this.request(route, input, this.token);
  }

  /**
   * The bearer door, decided by the server's one staff sign-in (the console's too): password, staff account, not
   * disabled, and the second factor for an account that has one — the code from SPAWNPOINT_ADMIN_TOTP, else asked.
   */
  private async signIn(password: string): Promise<string> {
    const { user } = this.credentials;
    const attempt = (totp: string | undefined) =>
      this.request(adminLogin, { body: { username: user, password, ...(totp ? { totp } : {}) } }).then((r) => r.accessToken);
    const failed = (error: unknown): never => {
      if (error instanceof UnreachableError) throw error;
      throw new CliError(`admin sign-in as '${user}' failed: ${(error as Error).message}`);
    };
    try {
      return await attempt(this.credentials.totp);
    } catch (error) {
      if (this.credentials.totp || !(error instanceof CliError) || !error.message.includes(TOTP_NEEDED)) return failed(error);
    }
    const code = await askSecret(`Authenticator code of ${user} (6 digits): `);
    if (!code) {
      throw new CliError(`'${user}' uses two-step sign-in: set SPAWNPOINT_ADMIN_TOTP, or type the code when asked (piped: the line after the password)`);
    }
    return attempt(code).catch(failed);
  }
}
