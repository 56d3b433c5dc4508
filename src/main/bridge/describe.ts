/**
 * Log-safe text about bridge messages: secrets are replaced, unknown
 * commands are not echoed beyond a short identifier, and zod's multi-line
 * errors become one line.
 */
import { rendererToShellSchema } from '../../shared/bridge/protocol.js';

const SECRET_KEY = /pass|secret|token|pin|credential|pairing/i;
const SAFE_COMMAND = /^[A-Za-z0-9_]{1,40}$/;
const RENDERER_COMMANDS = new Set<string>(rendererToShellSchema.options.map((option) => option.shape.command.value));

/** JSON of a message with every secret-looking field replaced. */
export function describeMessage(message: object): string {
  return JSON.stringify(message, (key, value: unknown) =>
    key !== '' && SECRET_KEY.test(key) ? '[redacted]' : value,
  );
}

/** The command of a raw message if it is a short identifier, else "unknown". */
export function commandOf(raw: unknown): string {
  const command = (raw as { command?: unknown } | null)?.command;
  return typeof command === 'string' && SAFE_COMMAND.test(command) ? command : 'unknown';
}

/** One line saying why a raw message was rejected. */
export function rejectionReason(raw: unknown, zodError: string): string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'a bridge message must be a JSON object';
  const command = (raw as { command?: unknown }).command;
  if (typeof command !== 'string') return 'the message has no command';
  if (!RENDERER_COMMANDS.has(command)) {
    return SAFE_COMMAND.test(command) ? `unknown command "${command}"` : 'unknown command';
  }
  return zodError
    .split('\n✖ ')
    .map((issue) => {
      const [text = '', path] = issue.replace(/^✖ /, '').split(/\n\s*→ at /);
      return path ? `${path}: ${text}` : text;
    })
    .join('; ');
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
