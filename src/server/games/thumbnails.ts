/**
 * Generated cover art: the title on a gradient whose colours come from a hash
 * of the name, so every game always gets the same picture.
 */
import { createHash } from 'node:crypto';
import { THUMBNAIL_PREFIX } from '../../shared/api/media.js';

export { THUMBNAIL_PREFIX };

export function thumbnailUrl(jsonId: string): string {
  return `${THUMBNAIL_PREFIX}${jsonId}.svg`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a title into at most three lines of about 16 characters. */
function wrap(title: string, width = 16): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines.slice(2).join(' ').slice(0, width - 1)}…`] : lines;
}

export function thumbnailSvg(title: string): string {
  const digest = createHash('sha256').update(title).digest();
  const hue = ((digest[0] ?? 0) * 360) / 256;
  const hue2 = (hue + 40 + ((digest[1] ?? 0) % 80)) % 360;
  const lines = wrap(title);
  const size = lines.some((l) => l.length > 12) ? 30 : 38;
  const top = 150 - ((lines.length - 1) * size * 1.15) / 2;
  const text = lines
    .map((l, i) => `<text x="200" y="${(top + i * size * 1.15).toFixed(1)}">${escapeXml(l)}</text>`)
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">',
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="hsl(${hue.toFixed(0)},70%,45%)"/>`,
    `<stop offset="1" stop-color="hsl(${hue2.toFixed(0)},75%,22%)"/>`,
    '</linearGradient></defs>',
    '<rect width="400" height="300" fill="url(#g)"/>',
    `<g fill="#fff" font-family="Segoe UI, Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" dominant-baseline="middle">${text}</g>`,
    '</svg>',
  ].join('');
}
