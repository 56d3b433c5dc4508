/** A small argv tokenizer for the server and the cafe CLI: --flag value, --flag=value, booleans. */

export type FlagKind = 'value' | 'boolean';

export interface ParsedArgv {
  positionals: string[];
  flags: Map<string, string | true>;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export function tokenize(argv: readonly string[], known: Record<string, FlagKind>): ParsedArgv {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = known[name];
    if (!kind) throw new UsageError(`unknown flag --${name}`);
    if (kind === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    flags.set(name, value);
  }
  return { positionals, flags };
}

export function flagValue(parsed: ParsedArgv, name: string): string | undefined {
  const value = parsed.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

export function parseIntFlag(name: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** An environment variable, treating an empty value as unset. */
export function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}
