/**
 * A small, exact command-line flag reader. Electron and Chromium put their
 * own switches into argv, so unknown arguments are returned rather than
 * rejected; a CLI that owns its whole argv can reject them itself.
 */
export interface FlagSpec {
  /** Flags that take a value: `--name value` or `--name=value`. */
  strings: readonly string[];
  /** Flags that take no value: `--name`. */
  booleans?: readonly string[];
}

export interface ReadFlags {
  strings: Map<string, string>;
  booleans: Set<string>;
  /** Arguments that are not one of the flags of the spec, in order. */
  unknown: string[];
  /** One line per flag used wrongly, e.g. a value flag without a value. */
  errors: string[];
}

export function readFlags(argv: readonly string[], spec: FlagSpec): ReadFlags {
  const result: ReadFlags = { strings: new Map(), booleans: new Set(), unknown: [], errors: [] };
  const booleans = new Set(spec.booleans ?? []);
  const strings = new Set(spec.strings);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      result.unknown.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (booleans.has(name)) {
      if (eq === -1) result.booleans.add(name);
      else result.errors.push(`--${name} takes no value`);
    } else if (strings.has(name)) {
      const next = argv[i + 1];
      if (eq !== -1) {
        result.strings.set(name, arg.slice(eq + 1));
      } else if (next !== undefined && !next.startsWith('--')) {
        result.strings.set(name, next);
        i += 1;
      } else {
        result.errors.push(`--${name} needs a value`);
      }
    } else {
      result.unknown.push(arg);
    }
  }
  return result;
}
