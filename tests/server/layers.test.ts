/**
 * The server's house (issue 21): its folders import each other in no loop, so
 * every folder stands above what it imports and no import runs back up (an
 * authority that imported the HTTP edge, a users domain that imported the auth
 * domain that imported it back, …). Read from the code's own imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(__dirname, '..', '..', 'src', 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** A file's room: its top folder under src/server, or the file itself at the top. */
const roomOf = (file: string) => {
  const parts = relative(SERVER, file).split(sep);
  return parts.length === 1 ? parts[0]! : `${parts[0]}/`;
};

/** Every import (static, re-export, dynamic, `declare module`) of one file, as room → room with the file pair. */
function importsOf(file: string): { from: string; to: string; pair: string }[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g),
    ...text.matchAll(/declare module\s+['"](\.[^'"]+)['"]/g),
  ].map((match) => match[1]!);
  return specs.flatMap((spec) => {
    const target = normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts');
    if (!target.startsWith(SERVER + sep)) return [];
    return [{ from: roomOf(file), to: roomOf(target), pair: `${relative(SERVER, file)} -> ${relative(SERVER, target)}` }];
  });
}

/** The loops of the room graph (Tarjan's strongly connected components of more than one room). */
function loops(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next++);
    stack.push(room);
    for (const to of edges.get(room) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(room, Math.min(low.get(room)!, index.get(to)!));
    }
    if (low.get(room) === index.get(room)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== room);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const room of edges.keys()) if (!index.has(room)) visit(room);
  return found;
}

describe('src/server, the house', () => {
  const imports = sourceFiles(SERVER).flatMap(importsOf).filter((edge) => edge.from !== edge.to);
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) edges.set(from, (edges.get(from) ?? new Set()).add(to));

  it('reads the imports between its folders', () => {
    // The check below means something only if the imports were read: the context and the HTTP edge are imported widely.
    expect(imports.filter((edge) => edge.to === 'context.ts').length).toBeGreaterThan(30);
    expect(edges.get('app.ts')?.has('http/')).toBe(true);
  });

  it('has no loop between its folders (no import runs back up)', () => {
    const found = loops(edges).map((loop) => ({
      loop,
      imports: imports.filter((edge) => loop.includes(edge.from) && loop.includes(edge.to)).map((edge) => edge.pair),
    }));
    expect(found).toEqual([]);
  });
});
