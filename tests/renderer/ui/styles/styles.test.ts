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
/** The controls, modal and tokens the kiosk shares with the console (src/shared/ui): the kiosk wears them too. */
const SHARED_UI = `${root}/src/shared/ui/`;

/** Every stylesheet of the renderer and of the shared ui, as text. (Vite's ?raw is empty under vitest's CSS handling.) */
const sheetsUnder = (dir: string, prefix: string): Array<[string, string]> =>
  fs
    .readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.css'))
    .map((name) => [prefix + name, fs.readFileSync(dir + name, 'utf8')]);
const sheets: Record<string, string> = Object.fromEntries([...sheetsUnder(RENDERER, ''), ...sheetsUnder(SHARED_UI, 'shared/ui/')]);

/** Physical properties and values that have a logical equivalent. */
const PHYSICAL = [
  /(^|[\s;{])(margin|padding|border|scroll-margin|scroll-padding)-(left|right|top|bottom)\b/,
  /(^|[\s;{])(left|right|top|bottom)\s*:/,
  /(^|[\s;{])(min-|max-)?(width|height)\s*:/,
  /(^|[\s;{])(text-align|float|clear)\s*:\s*(left|right)\b/,
];

/** One declaration with the selector of the rule it sits in (nested at-rules flattened). */
interface Declaration {
  file: string;
  selector: string;
  property: string;
  value: string;
}

function declarations(file: string, css: string): Declaration[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap(([, selector, body]) =>
    body!
      .split(';')
      .map((part) => /^\s*([\w-]+)\s*:\s*([\s\S]+?)\s*$/.exec(part))
      .filter((m): m is RegExpExecArray => m !== null)
      .map(([, property, value]) => ({ file, selector: selector!.trim().replace(/\s+/g, ' '), property: property!, value: value! })),
  );
}

const isZero = (v: string) => /^-?0(px|%|rem|em)?$/.test(v.trim());
/** A value that points left or right: it reads differently right to left. */
function horizontal({ property, value }: Declaration): boolean {
  if (value.includes('var(--inline-sign)')) return false; // turns with the direction (tokens.css)
  const translate = /translate\(\s*([^,)]+)/.exec(value);
  if (translate && !isZero(translate[1]!)) return true;
  if (/translateX\(|scaleX\(\s*-|rotateY\(/.test(value)) return true;
  if (/linear-gradient\(\s*(to (left|right)|-?(90|270)deg)/.test(value)) return true;
  if (/^(background-position|transform-origin|object-position)$/.test(property) && /\b(left|right)\b/.test(value)) return true;
  // Four-value shorthands name top, right, bottom, left: physical when right and left differ.
  if (/^(margin|padding|inset|border-width|border-style|border-color|border-radius)$/.test(property)) {
    const parts = value.split(/\s+(?![^(]*\))/);
    if (parts.length === 4 && parts[1] !== parts[3]) return true;
  }
  return false;
}

const exceptionKey = (d: Declaration) => `${d.file.split(/[\\/]/).pop()}|${d.selector}|${d.property}`;

const MIRROR = /\[dir=['"]?rtl['"]?\]|:dir\(rtl\)/;

/**
 * Declarations that point one way and stay so right to left, on purpose.
 * Key: file name (wherever the folder), selector, property. Value: why.
 */
const PHYSICAL_ON_PURPOSE: Record<string, string> = {
  'login.css|to|transform':
    'the neon orbs behind the login card drift as decoration; the drift means nothing in either direction',
};

describe('renderer styles', () => {
  const all = Object.entries(sheets).flatMap(([file, css]) => declarations(file, css));

  it('mirror what points left or right, or say why not', () => {
    expect(all.length).toBeGreaterThan(100);
    const mirrored = (d: Declaration) =>
      MIRROR.test(d.selector) ||
      all.some(
        (other) =>
          MIRROR.test(other.selector) &&
          other.property === d.property &&
          (other.selector.includes(d.selector) || d.selector === ':root'),
      );
    const unmirrored = all
      .filter(horizontal)
      .filter((d) => !mirrored(d))
      .filter((d) => !(exceptionKey(d) in PHYSICAL_ON_PURPOSE))
      .map((d) => `${d.file} ${d.selector} { ${d.property}: ${d.value} }`);
    expect(unmirrored).toEqual([]);
  });

  it('keep the list of physical exceptions short and current', () => {
    const keys = new Set(all.filter(horizontal).map(exceptionKey));
    expect(Object.keys(PHYSICAL_ON_PURPOSE).length).toBeLessThanOrEqual(5);
    expect(Object.keys(PHYSICAL_ON_PURPOSE).filter((key) => !keys.has(key))).toEqual([]);
  });

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

  it("never cut a customer's name or a chip's text below a readable size (issue 24)", () => {
    const all = Object.entries(sheets).flatMap(([file, css]) => declarations(file, css));
    const name = all.filter((d) => d.selector === '.profile-card__name');
    expect(name.length).toBeGreaterThan(0); // the rule is there to be checked, not renamed away
    expect(name.some((d) => d.property === 'text-overflow')).toBe(false);
    expect(name.some((d) => d.property === 'white-space' && d.value === 'nowrap')).toBe(false);
    // No stylesheet sets text below 11 px (0.7rem). (The 6 px chip text came from thumbnails scaled into the launcher chips: games/gameModal.test.tsx.)
    const tiny = all.filter((d) => d.property === 'font-size' && /^(\d+(\.\d+)?)(px|rem)$/.test(d.value)).filter((d) => {
      const [, n, unit] = /^(\d+(?:\.\d+)?)(px|rem)$/.exec(d.value)!;
      return (unit === 'rem' ? Number(n) * 16 : Number(n)) < 11;
    });
    expect(tiny.map((d) => `${d.file} ${d.selector} ${d.value}`)).toEqual([]);
  });
});

