/**
 * Debugging switches the packaged kiosk refuses to start with: any of them
 * would let whoever can start the program read or drive the page (and the
 * station credential in it). Chromium reads switches written `--name`,
 * `-name` and, on Windows, `/name`, in any case on Windows, with or without
 * `=value`; all of those spellings count. (The Electron fuses already turn
 * off Node's own --inspect in the packaged app; this refuses it loudly.)
 */
const FORBIDDEN = /^(?:remote-debugging-[a-z-]+|inspect(?:-[a-z-]+)?|debug(?:-brk)?|js-flags)$/;

function switchName(arg: string, platform: NodeJS.Platform): string | null {
  const match = (platform === 'win32' ? /^(?:--|-|\/)([^=\s]+)/ : /^(?:--|-)([^=\s]+)/).exec(arg);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The forbidden switches in argv, as written; empty when there are none. */
export function forbiddenDebugSwitches(argv: readonly string[], platform: NodeJS.Platform): string[] {
  const found: string[] = [];
  for (const arg of argv) {
    if (arg === '--') break;
    const name = switchName(arg, platform);
    if (name && FORBIDDEN.test(name)) found.push(arg.split('=', 1)[0] ?? arg);
  }
  return found;
}

/** Packaged builds only: the message to exit with, or null to start. */
export function launchRefusal(argv: readonly string[], platform: NodeJS.Platform, isPackaged: boolean): string | null {
  if (!isPackaged) return null;
  const found = forbiddenDebugSwitches(argv, platform);
  if (found.length === 0) return null;
  return `Spawnpoint does not start with debugging switches (${found.join(', ')}): the kiosk would be open to whoever connects to them.`;
}
