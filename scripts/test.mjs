#!/usr/bin/env node
// `npm test`: everything CI runs, in order, stopping at the first failing
// stage: lint, typecheck, Electronegativity, unit tests, build, end-to-end
// tests in Chromium (the NFC ones start pcscd themselves, as root).
// Ends with one summary line of all tests counted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
mkdirSync('test-results', { recursive: true });

const stages = [
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['typecheck (node processes)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck (renderer)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']],
  ['typecheck (console)', bin('tsc'), ['-p', 'tsconfig.console.json', '--noEmit']],
  // Electron security scan of src/main and src/preload; fails on any finding not suppressed with a reason.
  ['electronegativity', process.execPath, ['scripts/electronegativity.mjs']],
  ['unit tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json']],
  ['build', bin('electron-vite'), ['build']],
  ['console build', bin('vite'), ['build', '-c', 'vite.console.config.ts']],
  ['end-to-end tests', bin('playwright'), ['test']],
];

const started = Date.now();
for (const [name, command, args] of stages) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.log(`\n✖ ${name} failed after ${seconds}s`);
    summary();
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log(`\nAll stages passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
summary();

/** Sum the counts of the JSON reports the runners wrote. */
function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const unit = readJson('test-results/unit.json');
  if (unit) {
    passed += unit.numPassedTests ?? 0;
    failed += unit.numFailedTests ?? 0;
    skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0);
  }
  const e2e = readJson('test-results/e2e.json');
  if (e2e?.stats) {
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected ?? 0;
    skipped += e2e.stats.skipped ?? 0;
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}
