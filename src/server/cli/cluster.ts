/**
 * `npm run cluster -- --nodes 2`: a cafe cluster on this machine from one
 * command — a private PostgreSQL, N server nodes, HAProxy in front on
 * loopback — and, with --kiosk, station 1's kiosk in the web shell through
 * the front door. Ctrl+C stops everything and removes the temporary folders.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSync } from 'otplib';
import { UsageError } from '../config/argv.js';
import { DEMO_ADMIN } from '../seed/console.js';
import { CLUSTER_USAGE, parseClusterFlags, type ClusterFlags } from '../cluster/flags.js';
import { startStack, type Stack } from '../cluster/stack.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

function say(line: string): void {
  console.log(`[cluster] ${line}`);
}

/** The kiosk and the console are served from the build; build what is missing (as `npm start` does). */
function ensureBuilt(kiosk: boolean): boolean {
  const steps: [string, string, string[]][] = [];
  if (kiosk && !existsSync(join(ROOT, 'out', 'renderer', 'index.html'))) steps.push(['the kiosk', bin('electron-vite'), ['build']]);
  if (!existsSync(join(ROOT, 'out', 'console', 'index.html'))) steps.push(['the operator console', bin('vite'), ['build', '-c', 'vite.console.config.ts']]);
  for (const [what, command, args] of steps) {
    say(`building ${what} (${[command.split('/').pop(), ...args].join(' ')})`);
    if (spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status !== 0) return false;
  }
  return true;
}

async function pairingCode(frontUrl: string, stationId: string, now: () => number): Promise<string> {
  // The demo owner has an authenticator (an owner without one gets no token): its code at the nodes' time.
  const totp = generateSync({ secret: DEMO_ADMIN.totpSecret, epoch: Math.floor(now() / 1000) });
  const login = await fetch(`${frontUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password, totp }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(`${frontUrl}/admin/stations/${stationId}/pairing-code`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!res.ok) throw new Error(`the pairing code request answered ${res.status}`);
  return ((await res.json()) as { pairingCode: string }).pairingCode;
}

function startKiosk(frontUrl: string, webPort: number, dataDir: string, now: () => number): Promise<ChildProcess> {
  return pairingCode(frontUrl, 'st-01', now).then(
    (code) =>
      new Promise<ChildProcess>((resolve, reject) => {
        const args = ['src/main/web-shell/cli.ts', '--server', frontUrl, '--station-id', 'st-01', '--mac', '02:53:50:00:00:01'];
        args.push('--pc-name', 'PC-01', '--data-dir', dataDir, '--port', String(webPort), '--pairing-code', code);
        const child = spawn(bin('tsx'), args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let pending = '';
        const onData = (chunk: Buffer) => {
          pending += chunk.toString();
          let nl;
          while ((nl = pending.indexOf('\n')) !== -1) {
            const line = pending.slice(0, nl);
            pending = pending.slice(nl + 1);
            console.log(`[kiosk] ${line}`);
            const match = /at (http:\/\/\S+)/.exec(line);
            if (match?.[1]) {
              say(`kiosk for station 1 (PC-01): open ${match[1]} — demo login ali / ali12345`);
              resolve(child);
            }
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', (code) => reject(new Error(`the web shell exited (${code})`)));
      }),
  );
}

async function main(): Promise<number> {
  let flags: ClusterFlags;
  try {
    flags = parseClusterFlags(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`cluster: ${error.message} (see --help)`);
    return 2;
  }
  if (flags.help) {
    console.log(CLUSTER_USAGE);
    return 0;
  }
  if (!ensureBuilt(flags.kiosk)) {
    say('the build failed; see above');
    return 1;
  }
  let stack: Stack | undefined;
  let kiosk: ChildProcess | undefined;
  const kioskDir = mkdtempSync(join(tmpdir(), 'spawnpoint-cluster-kiosk-'));
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping: kiosk, proxy, nodes, PostgreSQL');
    kiosk?.kill('SIGTERM');
    await stack?.stop();
    rmSync(kioskDir, { recursive: true, force: true });
    say('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    stack = await startStack({
      nodes: flags.nodes,
      port: flags.port,
      clockSpeed: flags.clockSpeed,
      onLine: (source, line) => console.log(`[${source}] ${line}`),
      onNodeExit: (node, code, signal) => {
        if (!stopping) say(`${node.id} stopped (${signal ?? code}); the proxy sends its stations to the other nodes`);
      },
    });
  } catch (error) {
    say(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    rmSync(kioskDir, { recursive: true, force: true });
    return 1;
  }
  say(`front door (HAProxy): ${stack.url}`);
  for (const node of stack.nodes) say(`  ${node.id} at ${node.url} (pid ${node.process.pid})`);
  say(`operator console: ${stack.url}/console/ — staff desk / desk1234`);
  say(`admin CLI: npm run cafe -- --server ${stack.url} stations (admin / admin123 + the code of an authenticator with secret ${DEMO_ADMIN.totpSecret})`);
  const tokenFile = join(stack.dataDir, 'metrics-token');
  writeFileSync(tokenFile, `${stack.metricsToken}\n`, { mode: 0o600 });
  say(`metrics of a node: curl -H "Authorization: Bearer $(cat ${tokenFile})" <node>/metrics (or /health)`);
  say('try: kill -9 a node pid above; its stations come back through the others. Ctrl+C stops everything.');
  if (flags.kiosk) {
    try {
      kiosk = await startKiosk(stack.url, flags.webPort, kioskDir, () => stack.clockNow());
    } catch (error) {
      say(`the kiosk did not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
