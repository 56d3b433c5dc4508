/** The architecture's one-way imports are enforced by lint; this pins the rule down. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function boundaryErrors(filePath: string, importPath: string): Promise<string[]> {
  const code = `import { thing } from '${importPath}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('process boundaries (lint)', () => {
  it.each([
    ['src/shared/x.ts', '../main/station/config.js'],
    ['src/shared/x.ts', '../renderer/app/App.js'],
    ['src/shared/api/x.ts', '../../server/app.js'],
    ['src/renderer/x.ts', '../server/app.js'],
    ['src/renderer/login/x.ts', '../../main/bridge/router.js'],
    ['src/renderer/x.ts', '../preload/index.js'],
    ['src/main/x.ts', '../renderer/app/App.js'],
    ['src/main/x.ts', '../server/app.js'],
    ['src/preload/x.ts', '../main/index.js'],
    ['src/server/x.ts', '../main/station/identity.js'],
    ['src/server/x.ts', '../renderer/api/httpClient.js'],
  ])('%s may not import %s', async (file, target) => {
    const errors = await boundaryErrors(file, target);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/must not import/);
  });

  it.each([
    ['src/renderer/x.ts', '../shared/constants.js'],
    ['src/server/x.ts', '../shared/api/routes.js'],
    ['src/main/x.ts', '../shared/bridge/protocol.js'],
    ['src/preload/x.ts', '../shared/bridge/channels.js'],
    ['src/main/web-shell/x.ts', '../bridge/router.js'],
  ])('%s may import %s', async (file, target) => {
    expect(await boundaryErrors(file, target)).toEqual([]);
  });
});
