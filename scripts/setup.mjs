#!/usr/bin/env node
// One-time set-up shared by `npm start` and `npm test`: system packages first
// (the NFC addon compiles against libpcsclite), then node_modules. Plain Node,
// no dependencies: it runs before node_modules exists.
//
//   node scripts/setup.mjs start   what the demo needs
//   node scripts/setup.mjs test    what the whole test run needs
//   node scripts/setup.mjs cluster what `npm run cluster` needs (PostgreSQL, HAProxy)
//
// On Debian as root it installs what is missing with apt-get. Elsewhere it
// prints exactly what is missing; with CI=true a missing package fails the run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { platform } from 'node:os';

const mode = ['test', 'cluster'].includes(process.argv[2]) ? process.argv[2] : 'start';
const ci = process.env.CI === 'true' || process.env.CI === '1';

/** Debian packages, and what each is for. */
const SYSTEM_PACKAGES = {
  start: {
    'libpcsclite-dev': 'headers the NFC reader addon (nfc-pcsc) compiles against',
    'build-essential': 'the C/C++ toolchain for better-sqlite3 and the NFC addon',
    python3: 'node-gyp, which builds the native addons',
  },
  test: {
    chromium: 'the browser the end-to-end tests drive (/usr/bin/chromium)',
    pcscd: 'the PC/SC daemon the NFC reader talks to',
    'vsmartcard-vpcd': 'a virtual PC/SC reader the NFC tests act as a card for',
    xvfb: 'a virtual display for headed windows',
    'fonts-noto-core': 'fonts with Arabic glyphs for the screenshots',
    postgresql: 'the server tests run a second time on PostgreSQL (a private cluster per run, tests/support/postgres.ts)',
    haproxy: 'the front door of the cluster failover test and `npm run cluster` (src/server/cluster/haproxy.cfg)',
  },
  cluster: {
    postgresql: 'the shared database of the cluster (a private one in a temporary folder, src/server/cluster/postgres.ts)',
    haproxy: 'the front door in front of the nodes (src/server/cluster/haproxy.cfg)',
  },
};

function log(line) {
  console.log(`[setup] ${line}`);
}

function wanted() {
  const packages = { ...SYSTEM_PACKAGES.start };
  if (mode !== 'start') Object.assign(packages, SYSTEM_PACKAGES[mode]);
  return packages;
}

function isDebian() {
  return platform() === 'linux' && existsSync('/etc/debian_version');
}

function debInstalled(name) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function ensureSystemPackages() {
  const packages = wanted();
  if (!isDebian()) {
    if (platform() === 'linux') {
      log(`not Debian: make sure these are installed: ${Object.keys(packages).join(', ')}`);
    }
    return true;
  }
  const missing = Object.keys(packages).filter((name) => !debInstalled(name));
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    log('missing system packages (run as root, or install them yourself):');
    for (const name of missing) log(`  ${name}: ${packages[name]}`);
    log(`  sudo apt-get install -y ${missing.join(' ')}`);
    // The cluster cannot start without them; tests elsewhere than CI skip what needs them.
    return !ci && mode !== 'cluster';
  }
  log(`installing system packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
      stdio: 'inherit',
      env,
    });
  if (!install || install.status !== 0) {
    log(`apt-get could not install: ${missing.join(' ')}`);
    return false;
  }
  return true;
}

function nodeModulesStale() {
  const marker = 'node_modules/.package-lock.json';
  if (!existsSync(marker)) return true;
  const lock = existsSync('package-lock.json') ? 'package-lock.json' : 'package.json';
  return statSync(lock).mtimeMs > statSync(marker).mtimeMs;
}

function ensureNodeModules() {
  if (!nodeModulesStale()) return true;
  // `npm install` (which follows the lockfile) rather than `npm ci`: ci refuses
  // a lockfile that lacks optional platform packages a registry mirror does not
  // carry (e.g. rollup's darwin builds), where install just skips them.
  const args = ['install', '--no-audit', '--no-fund'];
  log('installing npm packages; the native addons compile, this takes a few minutes');
  const npm = platform() === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, args, { stdio: 'inherit', env: process.env, shell: platform() === 'win32' });
  return r.status === 0;
}

const systemOk = ensureSystemPackages();
if (!systemOk && mode === 'cluster') {
  log('the cluster needs the packages above');
  process.exit(1);
}
if (!systemOk && ci) {
  log('CI=true and system packages are missing: failing instead of skipping tests');
  process.exit(1);
}
if (!ensureNodeModules()) {
  log('npm install failed; see the output above');
  process.exit(1);
}
try {
  execFileSync(process.execPath, ['-e', "require('better-sqlite3')"], { stdio: 'ignore' });
} catch {
  log('better-sqlite3 did not load; rebuilding it for this Node');
  spawnSync('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit' });
}
