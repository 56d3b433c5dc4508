/** The renderer's shape is kept by lint (eslint.config.js); this pins the rules down. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => ['no-restricted-imports', 'no-restricted-globals', 'no-restricted-properties'].includes(m.ruleId ?? ''))
    .map((m) => m.message);
}
const importing = (path: string) => `import { thing } from '${path}';\nexport const used = thing;\n`;

// ESLint's first run loads every plugin and the TypeScript parser: slow on a busy machine.
describe('renderer layers (lint)', { timeout: 60_000 }, () => {
  it.each([
    ['src/renderer/games/GameGrid.tsx', '../../shared/api/routes.js', /never the HTTP routes/],
    ['src/renderer/front-door/qr/QrLoginModal.tsx', '../../../shared/api/route.js', /never the HTTP routes/],
    ['src/renderer/session/sessionService.ts', '../app/features.js', /Only main.tsx imports app/],
    ['src/renderer/ui/Modal.tsx', '../app/App.js', /Only main.tsx imports app/],
    ['src/renderer/core/feature.ts', '../session/sessionStore.js', /core\/ and ui\/ import no feature/],
    ['src/renderer/ui/TextField.tsx', '../front-door/index.js', /core\/ and ui\/ import no feature/],
    ['src/renderer/station/index.ts', '../../main/bridge/router.js', /must not import src\/main/],
    // The controls both apps are built from stand below both: they import neither.
    ['src/shared/ui/Modal.tsx', '../../renderer/core/feature.js', /must not import src\/renderer/],
    ['src/shared/ui/Field.tsx', '../../console/core/feature.js', /must not import src\/console/],
  ])('%s may not import %s', async (file, target, message) => {
    const found = await errors(file, importing(target));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['src/renderer/games/gamesService.ts', '../../shared/api/routes.js'],
    ['src/renderer/app/routes.tsx', '../front-door/LoginScreen.js'],
    ['src/renderer/main.tsx', './app/App.js'],
    ['src/renderer/front-door/LoginScreen.tsx', '../../shared/ui/Modal.js'],
    ['src/renderer/account/index.ts', '../session/index.js'],
  ])('%s may import %s', async (file, target) => {
    expect(await errors(file, importing(target))).toEqual([]);
  });

  it('components run no raw timers', async () => {
    const code = 'export const a = () => setTimeout(() => undefined, 1);\nexport const b = () => window.setInterval(() => undefined, 1);\n';
    expect(await errors('src/renderer/front-door/LoginScreen.tsx', code)).toHaveLength(2);
    expect(await errors('src/renderer/front-door/qr/qrLoginFlow.ts', code)).toEqual([]);
    expect(await errors('src/shared/ui/ConfirmDialog.tsx', code)).toHaveLength(2);
  });
});
