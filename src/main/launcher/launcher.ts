/**
 * SPEC §7 Launch: starts a game or application by its Json_ID, optionally
 * signed in with a centre account. The real launcher (launch entries per
 * Json_ID, process tracking, AppClosed) is a later issue; this is the seam it
 * plugs into. A launcher reports AppLaunched/AppClosed itself through the
 * emit function it was built with, because a game closes long after the
 * Launch command was handled.
 */
export interface LaunchAccount {
  accountId?: string;
  username?: string;
  /** Secret: never logged, never recorded. */
  password?: string;
}

export interface LaunchRequest {
  jsonId: string;
  account?: LaunchAccount;
}

export interface GameLauncher {
  /** Rejects (with a message for the user) when the launch cannot happen. */
  launch(request: LaunchRequest): Promise<void>;
  /** GameSpecificSettings: opens the game's own settings; rejects (with a message) when it has none here. */
  openSettings?(jsonId: string): Promise<void>;
}

export class LaunchError extends Error {
  override readonly name = 'LaunchError';
}

/** GameSpecificSettings for a game this PC has no settings entry for (or a launcher that opens none). */
export const NO_SETTINGS_MESSAGE = 'This game has no settings to open on this PC';

/** The launcher of a station with no launch entries yet: every launch fails, saying why. */
export function createUnconfiguredLauncher(): GameLauncher {
  return {
    launch: async ({ jsonId }) => {
      throw new LaunchError(`no launch entry for ${jsonId}`);
    },
  };
}
