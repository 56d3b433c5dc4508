#!/usr/bin/env node
// The Electronegativity stage of `npm test`: Doyensec's Electron security
// scanner over the main process and the preload sources. Fails on any
// finding, on any file it could not parse, and on any suppression without a
// reason. A finding is suppressed only on its own line, by a comment of the
// form
//   // eng-disable CHECK_ID [CHECK_ID…] -- why this is not a problem here
// (Electronegativity reads "eng-disable CHECK_ID"; this script requires the
// "-- why").
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');
const electronVersion = require('electron/package.json').version;

const INPUTS = ['src/main', 'src/preload'];
/**
 * Checks left out, with why. AvailableSecurityFixesGlobalCheck downloads
 * Electron's release list from GitHub on every run; CI has no network, and
 * the Electron version is pinned by package-lock.json and reviewed when it is
 * bumped.
 */
const EXCLUDED = ['AvailableSecurityFixesGlobalCheck'];
const SUPPRESSION = /eng-disable\b(.*)$/;
const WITH_REASON = /^\s+[A-Z0-9_]+(?:\s+[A-Z0-9_]+)*\s+--\s+\S.{9,}/;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

const problems = [];
for (const input of INPUTS) {
  for (const file of sourceFiles(input)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const match = SUPPRESSION.exec(line);
        if (match && !WITH_REASON.test(match[1])) {
          problems.push(`${file}:${index + 1}: an eng-disable comment must say why: "eng-disable CHECK_ID -- reason"`);
        }
      });
  }
}

// One scan over both folders, so the global checks (CSP, navigation limits,
// permission handler) see the whole shell: a copy of them side by side.
const scanDir = mkdtempSync(join(tmpdir(), 'spawnpoint-eng-'));
for (const input of INPUTS) cpSync(input, join(scanDir, relative('src', input)), { recursive: true });

// The scanner prints network failures (translations) itself; they do not change the result.
const quiet = console.log;
console.log = () => {};
let result;
try {
  result = await run(
    {
      input: scanDir,
      customScan: [],
      excludeFromScan: EXCLUDED,
      electronVersionOverride: electronVersion,
      isRelative: true,
      parserPlugins: [],
    },
    false,
  );
} finally {
  console.log = quiet;
  rmSync(scanDir, { recursive: true, force: true });
}

const checks = result.atomicChecks + result.globalChecks;
for (const error of result.errors) {
  problems.push(`src/${relative(scanDir, error.file)}: could not be scanned: ${error.message}`);
}
for (const issue of result.issues) {
  problems.push(
    `src/${issue.file}:${issue.location.line}:${issue.location.column}: ${issue.id} ` +
      `(${issue.severity.name}, ${issue.confidence.name}): ${issue.description}\n    ${issue.shortenedURL}`,
  );
}

if (problems.length > 0) {
  console.error(`Electronegativity ${INPUTS.join(', ')} (Electron ${electronVersion}):\n`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(`\n${problems.length} problem(s). Fix them, or suppress a false positive on its line: // eng-disable CHECK_ID -- why`);
  process.exit(1);
}
console.log(`Electronegativity: ${checks} checks over ${INPUTS.join(', ')} (Electron ${electronVersion}), no findings.`);
