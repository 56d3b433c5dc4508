/**
 * The switches the packaged kiosk starts with, by allowlist (issue 22): the
 * installer starts it with none, and any other switch — a debugging one
 * (--remote-debugging-port, --inspect, --js-flags), one that turns off a
 * defence (--no-sandbox, --disable-web-security, --ignore-certificate-errors),
 * one that sends its traffic elsewhere (--proxy-server, --host-resolver-rules)
 * or runs another program (--gpu-launcher, --renderer-cmd-prefix,
 * --utility-cmd-prefix), --user-data-dir, --windowed (a normal window) and
 * every one nobody has thought of yet — refuses the start, named. Chromium
 * reads switches written `--name`, `-name` and, on Windows, `/name`, in any
 * case on Windows, with or without `=value`; all of those spellings count.
 * After `--` nothing is a switch, for Chromium as here. A development build
 * (npm start) takes any switch.
 */

/** What the packaged app may be started with: both name what it does anyway (system actions, the card reader). */
export const PACKAGED_SWITCHES: ReadonlySet<string> = new Set(['system-actions', 'nfc']);

function switchName(arg: string, platform: NodeJS.Platform): string | null {
  const match = (platform === 'win32' ? /^(?:--|-|\/)([^=\s]+)/ : /^(?:--|-)([^=\s]+)/).exec(arg);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** The switches in argv that are not on the allowlist, as written (without a value); empty when there are none. */
export function refusedSwitches(argv: readonly string[], platform: NodeJS.Platform): string[] {
  const found: string[] = [];
  for (const arg of argv) {
    if (arg === '--') break;
    const name = switchName(arg, platform);
    if (name && !PACKAGED_SWITCHES.has(name)) found.push(arg.split('=', 1)[0] ?? arg);
  }
  return found;
}

/** Packaged builds only: the message to exit with, or null to start. */
export function launchRefusal(argv: readonly string[], platform: NodeJS.Platform, isPackaged: boolean): string | null {
  if (!isPackaged) return null;
  const found = refusedSwitches(argv, platform);
  if (found.length === 0) return null;
  return (
    `Spawnpoint does not start with ${found.join(', ')}: the installed kiosk takes no switches but ` +
    `${[...PACKAGED_SWITCHES].map((name) => `--${name}`).join(' and ')} (its settings are in the machine's station.json).`
  );
}
