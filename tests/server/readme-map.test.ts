/**
 * The server's README map stays true (issue 21): every folder and file it
 * names exists, and every folder of src/server is named in it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const SERVER = join(ROOT, 'src', 'server');
const readme = readFileSync(join(SERVER, 'README.md'), 'utf8');

/** Every `code span` that reads as a path with a folder: `desk/`, `desk/room.ts`, `src/shared/api/admin.ts`. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return spans.filter((span) => /^[\w.-]+(\/[\w.-]*)+$/.test(span));
}

/** Relative to the repository for src/, tests/, docs/ and bench/ paths, to src/server otherwise. */
const resolveNamed = (path: string) => (/^(src|tests|docs|bench|scripts)\//.test(path) ? join(ROOT, path) : join(SERVER, path));

describe('src/server/README.md, the folder map', () => {
  it('names only folders and files that exist', () => {
    const named = namedPaths(readme).filter((path) => !path.startsWith('../') && !path.includes('000N'));
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter((path) => !existsSync(resolveNamed(path)));
    expect(missing).toEqual([]);
  });

  it('names every folder of src/server', () => {
    const folders = readdirSync(SERVER, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const unnamed = folders.filter((folder) => !readme.includes(`\`${folder}/`));
    expect(unnamed).toEqual([]);
  });
});
