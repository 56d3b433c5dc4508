/** The console's shape is kept by lint (eslint.config.js, console section); this pins the rules down. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const RULES = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax'];

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => RULES.includes(m.ruleId ?? '')).map((m) => m.message);
}
const importing = (path: string) => `import { thing } from '${path}';\nexport const used = thing;\n`;
const importingType = (path: string) => `import type { Thing } from '${path}';\nexport const used = (t: Thing) => t;\n`;

// ESLint's first run loads every plugin and the TypeScript parser: slow on a busy machine.
describe('console layers (lint)', { timeout: 60_000 }, () => {
  it.each([
    ['src/console/room/roomService.ts', '../app/features.js', /Only main.tsx imports app/],
    ['src/console/ui/Status.tsx', '../app/App.js', /Only main.tsx imports app/],
    ['src/console/catalogue/offers/OffersTab.tsx', '../../app/screens.js', /Only main.tsx imports app/],
    ['src/console/core/feature.ts', '../room/roomStore.js', /import no console screen/],
    ['src/console/core/http.ts', '../session/index.js', /import no console screen/],
    ['src/console/ui/Status.tsx', '../catalogue/index.js', /import no console screen/],
    ['src/console/i18n/index.ts', '../inbox/inboxStore.js', /import no console screen/],
    ['src/console/room/RoomScreen.tsx', '../../shared/api/console.js', /never the HTTP routes/],
    ['src/console/catalogue/prepaid/PrepaidTab.tsx', '../../../shared/api/admin-profile.js', /never the HTTP routes/],
    ['src/console/inbox/InboxScreen.tsx', '../core/http.js', /never the HTTP client or the socket/],
    ['src/console/today/TodayScreen.tsx', '../core/staffSocket.js', /never the HTTP client or the socket/],
    ['src/console/room/index.ts', '../../renderer/core/feature.js', /must not import src\/renderer/],
    ['src/console/customers/customersService.ts', '../../server/wallet/service.js', /must not import src\/server/],
  ])('%s may not import %s', async (file, target, message) => {
    const found = await errors(file, importing(target));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['src/console/room/roomService.ts', '../../shared/api/console.js'],
    ['src/console/app/features.ts', '../room/index.js'],
    ['src/console/app/screens.tsx', '../room/RoomScreen.js'],
    ['src/console/main.tsx', './app/App.js'],
    ['src/console/room/RoomScreen.tsx', '../../shared/ui/ConfirmDialog.js'],
    ['src/console/session/LoginScreen.tsx', '../../shared/ui/Field.js'],
    ['src/console/inbox/index.ts', '../room/index.js'],
    ['src/console/core/http.ts', '../../shared/api/http.js'],
  ])('%s may import %s', async (file, target) => {
    expect(await errors(file, importing(target))).toEqual([]);
  });

  it('a component may import the types of the answers it shows', async () => {
    expect(await errors('src/console/room/RoomScreen.tsx', importingType('../../shared/api/console.js'))).toEqual([]);
  });

  it('components run no timers and send no requests', async () => {
    const code = 'export const a = () => setTimeout(() => undefined, 1);\nexport const b = () => setInterval(() => undefined, 1);\nexport const c = () => fetch("/admin");\n';
    expect(await errors('src/console/room/RoomScreen.tsx', code)).toHaveLength(3);
    expect(await errors('src/console/room/roomService.ts', code)).toEqual([]);
  });

  it.each([
    ['src/console/room/RoomScreen.tsx', '<button type="button">Unlock</button>'],
    ['src/console/room/Holds.tsx', '<input value="" readOnly />'],
    ['src/console/reports/ReportsScreen.tsx', '<select value="a" onChange={() => undefined} />'],
    ['src/console/customers/CustomersScreen.tsx', '<textarea value="" readOnly />'],
    ['src/console/stations/StationsScreen.tsx', '<button type="submit" hidden />'],
    ['src/console/shifts/ShiftsScreen.tsx', '<button type="button">Open</button>'],
    ['src/console/app/App.tsx', '<button type="button">Room</button>'],
  ])('%s builds from the shared controls: %s is refused', async (file, element) => {
    const found = await errors(file, `export const Own = () => ${element};\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/shared controls \(src\/shared\/ui/);
  });

  it('a screen built from the shared controls passes, and src/shared/ui itself may write the elements', async () => {
    const shared = "import { Button } from '../../shared/ui/Button.js';\nexport const Ok = () => <Button>Unlock</Button>;\n";
    expect(await errors('src/console/room/RoomScreen.tsx', shared)).toEqual([]);
    expect(await errors('src/shared/ui/Checkbox.tsx', 'export const Box = () => <input type="checkbox" />;\n')).toEqual([]);
  });
});
