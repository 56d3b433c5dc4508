/**
 * The customer's phone, as the sign-in tests play it: follows the QR code's
 * address through every redirect with a cookie jar per origin, and submits an
 * auto-posting form (OpenID Connect form_post) the way a browser would. It
 * can stop at the cafe's callback, so a test can replay or alter it.
 */
export interface PhoneStep {
  status: number;
  url: string;
  text: string;
}

export class PhoneBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookies(url: URL): string {
    return [...(this.jar.get(url.origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: URL, response: Response): void {
    const jar = this.jar.get(url.origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    this.jar.set(url.origin, jar);
  }

  /** One request, no redirect followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { cookie: this.cookies(target), accept: 'text/html' };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.keep(target, response);
    return response;
  }

  /**
   * Follows redirects and auto-posting forms from `url`; stops before the
   * first request whose address starts with `stopAt` (returned unsent, status 0).
   */
  async open(url: string, stopAt?: string): Promise<PhoneStep & { form?: Record<string, string> }> {
    let next: { url: string; form?: Record<string, string> } = { url };
    for (let hop = 0; hop < 20; hop += 1) {
      if (stopAt && next.url.startsWith(stopAt)) return { status: 0, url: next.url, text: '', form: next.form };
      const response = await this.request(next.url, { form: next.form });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = { url: new URL(location, next.url).href };
        continue;
      }
      const text = await response.text();
      const form = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(text);
      if (response.status === 200 && form && /onload|submit\(\)/i.test(text)) {
        const fields = Object.fromEntries(
          [...text.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)].map((m) => [m[1]!, decodeHtml(m[2]!)]),
        );
        next = { url: new URL(decodeHtml(form[1]!), next.url).href, form: fields };
        continue;
      }
      return { status: response.status, url: next.url, text };
    }
    throw new Error('too many redirects');
  }
}

function decodeHtml(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
