/** What every sign-in door (station, NFC, console, admin) answers alike, so none tells which part was wrong. */
export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const TOO_MANY_LOGINS = 'Too many login attempts.';
export const WRONG_CODE = 'That code is not right (or was already used): enter the current one.';
