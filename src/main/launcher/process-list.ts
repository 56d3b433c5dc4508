/**
 * The names of the running processes, for the launcher's watch: tasklist's
 * CSV on Windows, /proc on Linux. Lower-cased, so "CS2.exe" matches "cs2.exe".
 */
import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { basename, win32 } from 'node:path';

export type ProcessLister = () => Promise<Set<string>>;

/** The image names of `tasklist /FO CSV /NH` output ("cs2.exe","1234","Console","1","1,024 K"). */
export function parseTasklistCsv(output: string): Set<string> {
  const names = new Set<string>();
  for (const line of output.split(/\r?\n/)) {
    const name = /^"([^"]+)"/.exec(line)?.[1];
    if (name) names.add(name.toLowerCase());
  }
  return names;
}

export function windowsProcessLister(systemRoot = 'C:\\Windows'): ProcessLister {
  const tasklist = win32.join(systemRoot, 'System32', 'tasklist.exe');
  return () =>
    new Promise((resolve, reject) => {
      execFile(tasklist, ['/FO', 'CSV', '/NH'], { windowsHide: true, timeout: 10_000, maxBuffer: 8 * 1024 * 1024 }, (error, stdout) =>
        error ? reject(error) : resolve(parseTasklistCsv(String(stdout))),
      );
    });
}

/** Each process's comm (at most 15 characters) and the file name of its argv[0]. */
export function linuxProcessLister(proc = '/proc'): ProcessLister {
  return async () => {
    const names = new Set<string>();
    const pids = (await readdir(proc)).filter((entry) => /^\d+$/.test(entry));
    await Promise.all(
      pids.map(async (pid) => {
        const [comm, cmdline] = await Promise.all([
          readFile(`${proc}/${pid}/comm`, 'utf8').catch(() => ''),
          readFile(`${proc}/${pid}/cmdline`, 'utf8').catch(() => ''),
        ]);
        if (comm.trim()) names.add(comm.trim().toLowerCase());
        const argv0 = cmdline.split('\0')[0];
        if (argv0) names.add(basename(argv0).toLowerCase());
      }),
    );
    return names;
  };
}
