/**
 * SPEC §7 native bridge: the message channel between the renderer and the
 * desktop shell (Electron main, or the web shell in a browser). Every message
 * is an object with a `command`; each direction is a discriminated union with
 * a zod schema, validated by whichever side receives it.
 */
import { z } from 'zod';
import { connectionInfoSchema } from '../entities.js';

/** Names of every bridge command of §7, both directions. */
export const BRIDGE_COMMANDS = [
  'Launch',
  'UserLogin',
  'UserLogout',
  'AdminLogin',
  'AdminLogout',
  'SystemSoundVolume',
  'SystemSoundSettings',
  'SystemSoundMixer',
  'SystemVolumeChanged',
  'SystemMouseSettings',
  'SystemShutdown',
  'SystemRestart',
  'OpenTaskManager',
  'ScreenShot',
  'GimmeData',
  'HereTheData',
  'StartUp',
  'StartUpCompleted',
  'AppLaunched',
  'AppClosed',
  'AccountReleased',
  'SystemIdle',
  'WindowFocus',
  'WindowUnfocus',
  'SignOutAdmin',
  'ScreenShotTaken',
  'GamesUpdated',
  'ScreenLocked',
  'ScreenUnlocked',
  'NFC_ENABLE',
  'NFC_DISABLE',
  'NFC_LOGIN',
  'ConnectionLost',
  'ConnectionRestored',
  'GameSpecificSettings',
  'R6ServerRequest',
  'TimeRemaining',
  'RenamePC',
  'CommandFailed',
] as const;
export type BridgeCommand = (typeof BRIDGE_COMMANDS)[number];

const jsonId = z.string().min(1).max(128);
const noPayload = <C extends string>(command: C) => z.object({ command: z.literal(command) });

// ── Renderer → shell ───────────────────────────────────────────────────────

export const rendererToShellSchema = z.discriminatedUnion('command', [
  noPayload('StartUp'),
  noPayload('GimmeData'),
  noPayload('ConnectionRestored'),
  noPayload('ConnectionLost'),
  z.object({
    command: z.literal('Launch'),
    Json_ID: jsonId,
    Account_ID: z.string().min(1).max(128).optional(),
    Username: z.string().min(1).max(128).optional(),
    Password: z.string().min(1).max(256).optional(),
  }),
  z.object({ command: z.literal('UserLogin'), Username: z.string().min(1).max(128) }),
  noPayload('UserLogout'),
  /** Staff signed in at the station: admin mode (the kiosk steps back from the desktop). */
  z.object({ command: z.literal('AdminLogin'), Username: z.string().min(1).max(128) }),
  noPayload('AdminLogout'),
  /** volume is a string per §3 ("volume (string)"); it must hold an integer 0–100. */
  z.object({
    command: z.literal('SystemSoundVolume'),
    volume: z.string().regex(/^(100|[1-9]?[0-9])$/, 'volume must be 0 to 100'),
  }),
  noPayload('SystemSoundSettings'),
  noPayload('SystemSoundMixer'),
  noPayload('SystemMouseSettings'),
  noPayload('SystemShutdown'),
  noPayload('SystemRestart'),
  noPayload('OpenTaskManager'),
  /**
   * §7 screenshot. With `id` and `uploadPath` (our server's `screenshotRequested`, issue 24) the shell also
   * uploads the capture there, once, with the station credential; without them it only captures.
   */
  z.object({
    command: z.literal('ScreenShot'),
    id: z.string().min(1).max(64).optional(),
    uploadPath: z.string().min(1).max(256).optional(),
  }),
  noPayload('ScreenLocked'),
  noPayload('ScreenUnlocked'),
  noPayload('NFC_ENABLE'),
  noPayload('NFC_DISABLE'),
  /** Bring the kiosk over whatever runs (a time warning the customer must see). */
  noPayload('WindowFocus'),
  /** Let go of WindowFocus: a running game may be in front again. */
  noPayload('WindowUnfocus'),
  /** Staff signed out at the station (the admin's UserLogout): the kiosk locks again. */
  noPayload('SignOutAdmin'),
  /** The cafe's catalogue changed (games:updated global): the shell reports its installed games again. */
  noPayload('GamesUpdated'),
  /** Open a game's own settings, as the station's catalog says (games.json `settings`). */
  z.object({ command: z.literal('GameSpecificSettings'), Json_ID: jsonId }),
  z.object({ command: z.literal('R6ServerRequest'), server: z.string().min(1).max(64) }),
  z.object({ command: z.literal('TimeRemaining'), minutes: z.number().int().min(0) }),
  /** A NetBIOS-safe PC name: letters, digits and hyphens, 1–15 characters. */
  z.object({
    command: z.literal('RenamePC'),
    newName: z.string().regex(/^[A-Za-z0-9-]{1,15}$/, 'PC name must be 1–15 letters, digits or hyphens'),
  }),
]);
export type RendererToShell = z.infer<typeof rendererToShellSchema>;
export type RendererToShellCommand = RendererToShell['command'];

// ── Shell → renderer ───────────────────────────────────────────────────────

/** §5: a volume message is ignored if the volume is missing or not a number. */
const volumeValue = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]).transform(Number);

export const shellToRendererSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('HereTheData'), data: connectionInfoSchema }),
  noPayload('StartUpCompleted'),
  /** §5: launch and close messages without JsonID are ignored. */
  z.object({ command: z.literal('AppLaunched'), JsonID: jsonId }),
  z.object({ command: z.literal('AppClosed'), JsonID: jsonId }),
  z.object({
    command: z.literal('AccountReleased'),
    JsonID: jsonId,
    Account_ID: z.string().optional(),
  }),
  /** The shell asks for the staff member signed in here to be logged out (idle in admin mode). */
  noPayload('AdminLogout'),
  /** Nobody has touched the PC for a while (and no game runs): the renderer locks the screen. */
  z.object({ command: z.literal('SystemIdle'), idleSeconds: z.number().int().min(0).optional() }),
  /** §5: an NFC message without ID is ignored. */
  z.object({ command: z.literal('NFC_LOGIN'), ID: z.string().min(1).max(64) }),
  z.object({ command: z.literal('SystemVolumeChanged'), volume: volumeValue }),
  /** `id`: the staff request it answers, when the capture was uploaded for one (issue 24). */
  z.object({ command: z.literal('ScreenShotTaken'), path: z.string(), id: z.string().optional() }),
  /** The shell could not do what was asked; message is for the user or the log. */
  z.object({ command: z.literal('CommandFailed'), failed: z.string(), message: z.string() }),
]);
export type ShellToRenderer = z.infer<typeof shellToRendererSchema>;
export type ShellToRendererCommand = ShellToRenderer['command'];

export type BridgeParse<T> = { ok: true; message: T } | { ok: false; error: string };

function parseWith<T>(schema: z.ZodType<T>, raw: unknown): BridgeParse<T> {
  const result = schema.safeParse(raw);
  return result.success
    ? { ok: true, message: result.data }
    : { ok: false, error: z.prettifyError(result.error) };
}

export const parseRendererMessage = (raw: unknown): BridgeParse<RendererToShell> =>
  parseWith(rendererToShellSchema, raw);
export const parseShellMessage = (raw: unknown): BridgeParse<ShellToRenderer> =>
  parseWith(shellToRendererSchema, raw);

/**
 * The one object the preload exposes on window (and the web shell's client
 * imitates). Messages are plain data; listeners never see transport objects.
 */
export interface SpawnpointBridge {
  /** Send a command to the shell. Invalid messages are rejected by the shell. */
  send(message: RendererToShell): void;
  /** Listen to the shell. Returns the function that stops listening. */
  onMessage(listener: (message: ShellToRenderer) => void): () => void;
}

export { BRIDGE_GLOBAL, IPC_TO_SHELL, IPC_TO_RENDERER, WEB_BRIDGE_PATH } from './channels.js';
