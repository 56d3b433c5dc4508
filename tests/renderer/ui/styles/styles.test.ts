/** STYLE: CSS logical properties only, so right to left needs no rewrite. */
import { describe, expect, it } from 'vitest';

/** The few node:fs calls this test needs (the web tsconfig has no Node types). */
interface Fs {
  readdirSync(path: string, options: { recursive: true }): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
}
const NODE_FS = 'node:fs';
const fs = (await import(/* @vite-ignore */ NODE_FS)) as Fs;
/** vitest runs from the repository root. */
const root = (globalThis as unknown as { process: { cwd(): string } }).process.cwd();
const RENDERER = `${root}/src/renderer/`;

/** Every stylesheet of the renderer, as text. (Vite's ?raw is empty under vitest's CSS handling.) */
const sheets: Record<string, string> = Object.fromEntries(
  fs
    .readdirSync(RENDERER, { recursive: true })
    .filter((name) => name.endsWith('.css'))
    .map((name) => [name, fs.readFileSync(RENDERER + name, 'utf8')]),
);

/** Physical properties and values that have a logical equivalent. */
const PHYSICAL = [
  /(^|[\s;{])(margin|padding|border|scroll-margin|scroll-padding)-(left|right|top|bottom)\b/,
  /(^|[\s;{])(left|right|top|bottom)\s*:/,
  /(^|[\s;{])(min-|max-)?(width|height)\s*:/,
  /(^|[\s;{])(text-align|float|clear)\s*:\s*(left|right)\b/,
];

describe('renderer styles', () => {
  it('use logical properties only', () => {
    const files = Object.entries(sheets);
    expect(files.length).toBeGreaterThan(3);
    expect(files.every(([, css]) => css.length > 0)).toBe(true);
    const offenders = files.flatMap(([file, css]) =>
      css
        .split('\n')
        .map((line, index) => ({ file, line: index + 1, text: line }))
        .filter(({ text }) => PHYSICAL.some((pattern) => pattern.test(text))),
    );
    expect(offenders).toEqual([]);
  });

  it('load no external fonts or CDNs', () => {
    for (const css of Object.values(sheets)) {
      expect(css).not.toMatch(/@import|url\(\s*['"]?https?:/);
    }
  });
});
