/**
 * SPEC §2/§4 the cafe's logo: GET /cafe-settings/media/logo, shown when
 * active, cached 30 minutes; a mediaUpdated event of type logo invalidates
 * it. The address carries the time it was fetched, so a replaced file is
 * not taken from the browser's HTTP cache. Errors keep the last answer.
 */
import { MEDIA_CACHE_MS } from '../../../shared/constants.js';
import { MEDIA_FILE_PATH } from '../../../shared/api/media.js';
import { routePath } from '../../../shared/api/route.js';

export interface LogoDeps {
  fetch(): Promise<{ isActive: boolean; downloadUrl: string | null; filename?: string | null } | null>;
  resolveUrl(path: string): string;
  now?: () => number;
}

export class LogoCache {
  private cached: { at: number; value: string | null } | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: LogoDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The logo's address, or null when there is none or it is not active. Never throws. */
  async get(): Promise<string | null> {
    if (this.cached && this.now() - this.cached.at < MEDIA_CACHE_MS) return this.cached.value;
    try {
      const logo = await this.deps.fetch();
      const at = this.now();
      const path = logo?.isActive ? logoPath(logo) : null;
      const value = path ? withVersion(this.deps.resolveUrl(path), at) : null;
      this.cached = { at, value };
      return value;
    } catch {
      return this.cached?.value ?? null;
    }
  }

  invalidate(): void {
    this.cached = null;
  }
}

/** Our server's download address when it gives one; else the SPEC's file route, /cafe-settings/media/{name}. */
function logoPath(logo: { downloadUrl: string | null; filename?: string | null }): string | null {
  if (logo.downloadUrl) return logo.downloadUrl;
  return logo.filename ? routePath(MEDIA_FILE_PATH, { name: logo.filename }) : null;
}

function withVersion(url: string, at: number): string {
  const parsed = new URL(url);
  parsed.searchParams.set('v', String(at));
  return parsed.href;
}
