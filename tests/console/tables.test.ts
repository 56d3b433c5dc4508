/**
 * Issue 23: no table in the console without headers. Every `<table>` under src/console has a header row
 * (`<thead>` with a named `<th>` over each column), or is a list of labelled figures whose every row
 * starts with its own `<th scope="row">` and holds one value. Read from the source with the TypeScript
 * parser, so a new table cannot slip in without them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../src/console');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? tsxFiles(file) : file.endsWith('.tsx') ? [file] : [];
  });
}

const tagOf = (node: ts.Node): string | null =>
  ts.isJsxElement(node) ? node.openingElement.tagName.getText() : ts.isJsxSelfClosingElement(node) ? node.tagName.getText() : null;

/** Every JSX element named `tag` under `node` (the node itself included). */
function elements(node: ts.Node, tag: string): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    if (tagOf(n) === tag) found.push(n);
    n.forEachChild(visit);
  };
  visit(node);
  return found;
}

const attribute = (node: ts.Node, name: string): string | null => {
  const attrs = ts.isJsxElement(node) ? node.openingElement.attributes : ts.isJsxSelfClosingElement(node) ? node.attributes : null;
  const attr = attrs?.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name);
  return attr?.initializer && ts.isStringLiteral(attr.initializer) ? attr.initializer.text : null;
};

/** What is wrong with one table's headers, or null. */
export function tableProblem(table: ts.Node): string | null {
  const [head] = elements(table, 'thead');
  if (head) {
    const headers = elements(head, 'th');
    if (headers.length === 0) return 'its <thead> has no <th>';
    // A header names its column: an empty <th /> over the buttons is no header.
    if (headers.some((th) => !ts.isJsxElement(th) || th.children.every((c) => ts.isJsxText(c) && c.containsOnlyTriviaWhiteSpaces))) return 'an empty column header';
    // As many headers as the widest body row has cells (a row spanning the table, colSpan, aside).
    const widest = Math.max(0, ...elements(table, 'tr').filter((tr) => !elements(head, 'tr').includes(tr)).map((tr) => {
      const cells = [...elements(tr, 'td'), ...elements(tr, 'th')];
      return cells.some((c) => ts.isJsxElement(c) && c.openingElement.attributes.properties.some((p) => ts.isJsxAttribute(p) && p.name.getText() === 'colSpan')) ? 0 : cells.length;
    }));
    return widest > headers.length ? `${widest} columns but ${headers.length} headers` : null;
  }
  // A list of labelled figures: each row its label (a row header) and one value.
  const rows = elements(table, 'tr');
  const labelled = rows.every((tr) => {
    const rowHeaders = elements(tr, 'th').filter((th) => attribute(th, 'scope') === 'row');
    return rowHeaders.length === 1 && elements(tr, 'td').length <= 1;
  });
  return rows.length > 0 && labelled ? null : 'no header row';
}

function problems(): string[] {
  return tsxFiles(ROOT).flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    return elements(source, 'table').flatMap((table) => {
      const problem = tableProblem(table);
      const line = source.getLineAndCharacterOfPosition(table.getStart()).line + 1;
      return problem ? [`${path.relative(ROOT, file)}:${line}: ${problem}`] : [];
    });
  });
}

const parse = (code: string) => {
  const source = ts.createSourceFile('t.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  return tableProblem(elements(source, 'table')[0]!);
};

describe('the console’s tables have headers (issue 23)', () => {
  it('the rule sees a table without headers, and one with too few', () => {
    expect(parse('const x = <table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>;')).toBe('no header row');
    expect(parse('const x = <table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>;')).toBe('2 columns but 1 headers');
    expect(parse('const x = <table><thead><tr><th scope="col">A</th><th /></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>;')).toBe('an empty column header');
    // A row header with two unlabelled figures beside it is not a list of labelled figures.
    expect(parse('const x = <table><tbody><tr><th scope="row">Cash</th><td>1</td><td>2</td></tr></tbody></table>;')).toBe('no header row');
    expect(parse('const x = <table><tbody><tr><th scope="row">Cash</th><td>1</td></tr></tbody></table>;')).toBeNull();
    expect(parse('const x = <table><thead><tr><th scope="col">A</th><th scope="col">B</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>;')).toBeNull();
  });

  it('every <table> under src/console has its headers', () => {
    expect(problems()).toEqual([]);
  });
});
