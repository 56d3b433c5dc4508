/**
 * The console is built from the shared controls (issue 23): in a folder lint lists (eslint.config.js,
 * CONSOLE_SHARED_CONTROL_FOLDERS), a raw <button>, <input>, <select> or <textarea> is an error; the shared
 * controls are not. Setup (src/console/catalogue) is converted: none of its files writes one.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const RULE = 'no-restricted-syntax';

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

// ESLint's first run loads every plugin and the TypeScript parser: slow on a busy machine.
describe('the console’s controls are the shared ones (lint)', { timeout: 60_000 }, () => {
  it.each([
    ['button', 'export const A = () => <button type="button">Save</button>;\n'],
    ['input', 'export const A = () => <input value="" readOnly />;\n'],
    ['select', 'export const A = () => <select value="" onChange={() => undefined} />;\n'],
    ['textarea', 'export const A = () => <textarea value="" readOnly />;\n'],
  ])('a raw <%s> in Setup is refused, naming the shared controls', async (_element, code) => {
    const found = await errors('src/console/catalogue/offers/OffersTab.tsx', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/Build console screens from the shared controls \(src\/shared\/ui/);
  });

  it.each([
    ['date', '<TextField label="From" type="date" value="" onValue={() => undefined} />'],
    ['datetime-local', '<TextField label="Until" type="datetime-local" value="" onValue={() => undefined} />'],
    ['time', "<TextField label=\"At\" type={'time'} value=\"\" onValue={() => undefined} />"],
  ])('the browser’s own %s input is refused in a console screen, naming the shared date fields', async (_type, field) => {
    const code = ["import { TextField } from '../../shared/ui/Field.js';", `export const A = () => ${field};`, ''].join('\n');
    const found = await errors('src/console/reports/ReportsScreen.tsx', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/shared DateField \/ DateTimeField/);
  });

  it('the shared date fields, and a type that is not a date, are fine', async () => {
    const code = [
      "import { DateField, DateTimeField } from '../../shared/ui/DateField.js';",
      "import { TextField } from '../../shared/ui/Field.js';",
      'export const A = () => (',
      '  <form>',
      '    <DateField label="From" value="" onValue={() => undefined} />',
      '    <DateTimeField label="Until" value="" onValue={() => undefined} />',
      '    <TextField label="Search" type="search" value="" onValue={() => undefined} />',
      '  </form>',
      ');',
      '',
    ].join('\n');
    expect(await errors('src/console/room/Holds.tsx', code)).toEqual([]);
  });

  it('no console screen asks for a date with the browser’s own input', async () => {
    const results = await eslint.lintFiles(['src/console/**/*.tsx']);
    const raw = results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE && /shared DateField \//.test(m.message)).map((m) => `${r.filePath}:${m.line}`));
    expect(raw).toEqual([]);
  });

  it('the shared controls, and plain elements that are not controls, are fine', async () => {
    const code = [
      "import { Button } from '../../../shared/ui/Button.js';",
      "import { TextField } from '../../../shared/ui/Field.js';",
      'export const A = () => (',
      '  <form>',
      '    <TextField label="Name" value="" onValue={() => undefined} />',
      '    <Button>Save</Button>',
      '    <label>Name</label>',
      '  </form>',
      ');',
      '',
    ].join('\n');
    expect(await errors('src/console/catalogue/offers/OffersTab.tsx', code)).toEqual([]);
  });

  it('the shared controls themselves may render the raw elements', async () => {
    expect(await errors('src/shared/ui/Button.tsx', 'export const A = () => <button type="button">Save</button>;\n')).toEqual([]);
  });

  it('every file of Setup is built from the shared controls', async () => {
    const results = await eslint.lintFiles(['src/console/catalogue/**/*.tsx']);
    expect(results.length).toBeGreaterThan(8);
    const raw = results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}:${m.line}`));
    expect(raw).toEqual([]);
  });
});
