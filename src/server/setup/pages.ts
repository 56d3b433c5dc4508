/** The set-up page's HTML (issue 22): plain, no script, every value escaped. */
import QRCode from 'qrcode';
import { generateURI } from 'otplib';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants.js';
import { SETUP_PATH } from './tokens.js';

/** An owner's password: longer than a customer's. */
export const OWNER_PASSWORD_MIN_LENGTH = Math.max(12, PASSWORD_MIN_LENGTH);

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Spawnpoint: set up your cafe</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#07070d;color:#eef0ff;font:16px system-ui,sans-serif}
main{width:min(420px,92vw);padding:28px;border:1px solid #ffffff2e;border-radius:18px;background:#0e0e18}
h1{font-size:20px;margin:0 0 6px}p{color:#9b9dba;font-size:14px}label{display:block;margin:14px 0 4px;font-size:13px;color:#9b9dba}
input{box-sizing:border-box;width:100%;padding:12px;border-radius:10px;border:1px solid #ffffff2e;background:#05050a;color:#eef0ff;font-size:16px}
code{word-break:break-all}img{display:block;margin:8px auto;background:#fff;border-radius:8px}
button{margin-top:20px;width:100%;padding:13px;border:0;border-radius:10px;background:linear-gradient(90deg,#7c5cff,#00e5ff);color:#07070d;font-weight:700;font-size:16px}
</style></head><body><main>${body}</main></body></html>`;

export const message = (text: string) => page(`<h1>Spawnpoint</h1><p role="status">${escape(text)}</p>`);

export async function formPage(token: string, secret: string, problem?: string): Promise<string> {
  const uri = generateURI({ issuer: 'Spawnpoint', label: 'owner', secret });
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 200 });
  return page(`<h1>Set up your cafe</h1>
<p>Create the first owner. Choose a password of at least ${OWNER_PASSWORD_MIN_LENGTH} characters and add this key to an authenticator app (Google Authenticator, Aegis, 1Password…), then type its current code.</p>
${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
<img src="${qr}" alt="Authenticator QR code" width="200" height="200">
<p>Key: <code>${escape(secret)}</code></p>
<form method="post" action="${SETUP_PATH}">
<input type="hidden" name="token" value="${escape(token)}">
<label for="username">Owner username</label><input id="username" name="username" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" required>
<label for="password2">Password again</label><input id="password2" name="password2" type="password" autocomplete="new-password" required>
<label for="code">Authenticator code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Create the owner</button>
</form>`);
}
