/** Setup's stylesheet prints the card sheet alone (every console stylesheet is direction-free: tests/console/i18n). */
import { describe, expect, it } from 'vitest';

interface Fs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
const NODE_FS = 'node:fs';
const fs = (await import(/* @vite-ignore */ NODE_FS)) as Fs;
const root = (globalThis as unknown as { process: { cwd(): string } }).process.cwd();

describe('catalogue stylesheet', () => {
  const css = fs.readFileSync(`${root}/src/console/catalogue/catalogue.css`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  it('has a print stylesheet that prints the card sheet alone', () => {
    expect(css).toMatch(/@media print\s*{[\s\S]*\.subtabs[\s\S]*display:\s*none/);
  });
});
