/**
 * `npm run bench -- --baseline DIR [--only NAME] [--rounds N]`: the same
 * benchmarks on this tree and on a baseline checkout (DIR, e.g. a
 * `git worktree add ../baseline <commit>` with its node_modules), in one
 * invocation, alternating baseline → change for N rounds (default 2), so both
 * figures are taken under the same machine load. Prints each run's summary
 * lines side by side.
 *
 * The baseline runs its own `bench/index.ts`, so each tree measures itself
 * with the code it shipped with.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { ROOT } from './support.js';

interface Run {
  tree: 'baseline' | 'change';
  round: number;
  load: string;
  summary: string[];
}

/** Run `bench/index.ts` in one tree with the given flags; resolve with its summary lines. */
function runTree(dir: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['tsx', 'bench/index.ts', ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`bench in ${dir} exited with ${code}`));
      const summary = out.split('\nSummary\n')[1] ?? '';
      done(summary.split('\n').map((l) => l.trim()).filter(Boolean));
    });
  });
}

export async function benchCompare(baselineDir: string, forward: string[], rounds: number): Promise<void> {
  const baseline = resolve(baselineDir);
  if (!existsSync(resolve(baseline, 'bench', 'index.ts'))) {
    throw new Error(`--baseline ${baselineDir}: no bench/index.ts there (make one with git worktree add)`);
  }
  // SPAWNPOINT_RENDERER_DIR names this tree's build: the baseline measures its own out/renderer.
  const { SPAWNPOINT_RENDERER_DIR: _ownBuild, ...baselineEnv } = process.env;
  const runs: Run[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const [tree, dir] of [['baseline', baseline], ['change', ROOT]] as const) {
      const load = loadavg().map((n) => n.toFixed(1)).join(' ');
      console.log(`\n=== round ${round}: ${tree} (${dir}), load average ${load}`);
      // A tree whose bench breaks is reported with the reason; the other tree and the next rounds still run.
      const summary = await runTree(dir, forward, tree === 'baseline' ? baselineEnv : process.env).catch((error: unknown) => [`NOT MEASURED: ${error instanceof Error ? error.message : String(error)}`]);
      runs.push({ tree, round, load, summary });
    }
  }
  console.log('\nSummary (baseline and change, same invocation)');
  for (const run of runs) {
    console.log(`  round ${run.round} ${run.tree.padEnd(8)} (load ${run.load})`);
    for (const line of run.summary) console.log(`    ${line}`);
  }
}
