/** The development OAuth provider's pages: plain HTML a phone browser can use. */
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const frame = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Spawnpoint sign-in (development)</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#07070d;color:#eef0ff;font:16px system-ui,sans-serif}
main{width:min(360px,90vw);padding:28px;border:1px solid #ffffff2e;border-radius:18px;background:#0e0e18}
h1{font-size:20px;margin:0 0 6px}p{color:#9b9dba;font-size:14px}label{display:block;margin:14px 0 4px;font-size:13px;color:#9b9dba}
input{box-sizing:border-box;width:100%;padding:12px;border-radius:10px;border:1px solid #ffffff2e;background:#05050a;color:#eef0ff;font-size:16px}
button{margin-top:20px;width:100%;padding:13px;border:0;border-radius:10px;background:linear-gradient(90deg,#7c5cff,#00e5ff);color:#07070d;font-weight:700;font-size:16px}
</style></head><body><main>${body}</main></body></html>`;

export function devSignInPage(sessionId: string, provider: string, action: string): string {
  const steam = provider === 'steam';
  return frame(`<h1>Sign in with ${escape(provider)}</h1>
<p>Development provider of the cafe server: no real account is contacted.</p>
<form method="post" action="${escape(action)}">
<input type="hidden" name="session" value="${escape(sessionId)}">
<input type="hidden" name="provider" value="${escape(provider)}">
<label for="name">Name</label><input id="name" name="name" autocomplete="name">
${steam ? '<label for="steamId">Steam ID</label><input id="steamId" name="steamId" inputmode="numeric">' : '<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email">'}
<button type="submit">Sign in</button>
</form>`);
}

export function devSignedInPage(message: string): string {
  return frame(`<h1>Spawnpoint</h1><p role="status">${escape(message)}</p>`);
}
