/**
 * SPEC §9 — business constants and limits. Every number here is exact; code
 * elsewhere imports these names instead of repeating the figures.
 */

export const PRODUCT_NAME = 'Spawnpoint';
/** Local storage key: one key named after the product (SPEC §3). */
export const STORAGE_KEY = 'spawnpoint';

export const HEARTBEAT_INTERVAL_MS = 20_000;
export const CLIENT_VERSION = '1.0.0';
export const HTTP_TIMEOUT_MS = 10_000;
export const COMMAND_DEDUP_WINDOW_MS = 3_000;
export const STATUS_ACK_TIMEOUT_MS = 5_000;
export const RECONNECT_DELAY_MIN_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 3_000;
/** More than this many consecutive heartbeat errors shows the connection banner. */
export const HEARTBEAT_ERROR_BANNER_THRESHOLD = 2;

export const SPLASH_PROGRESS_STEP = 2;
export const SPLASH_PROGRESS_TICK_MS = 50;
export const SPLASH_NAVIGATE_DELAY_MS = 1_000;
export const LOADING_MESSAGE_ROTATION_MS = 2_200;

export const GAME_LAUNCH_DEBOUNCE_MS = 10_000;
export const LAUNCH_LOCK_MS = 10_000;
export const SIDE_PANEL_COLLAPSE_MS = 15_000;

export const QR_POLL_INTERVAL_MS = 1_000;
export const QR_POLL_MAX_ATTEMPTS = 120;
export const QR_MODAL_AUTO_CLOSE_MS = 120_000;
export const QR_IMAGE_SIZE_PX = 200;

export const PHONE_CODE_MAX_LENGTH = 6;
export const PHONE_RESEND_COUNTDOWN_S = 60;
export const USERNAME_CHECK_MIN_LENGTH = 3;
export const USERNAME_CHECK_DELAY_MS = 500;
export const PASSWORD_MIN_LENGTH = 6;
export const SUCCESS_AUTO_CLOSE_MS = 1_500;
export const SUCCESS_FLIP_BACK_MS = 2_000;
/** §4: the profile's redeem panel collapses 2 s after a successful redeem. */
export const REDEEM_COLLAPSE_MS = 2_000;

export const PREPAID_CODE_LENGTH = 17;
export const PREPAID_CODE_GROUPS = [2, 4, 4, 4] as const;

export const CURRENCY = 'IQD';
export const DEFAULT_COUNTRY = 'IQ';
export const EXCLUDED_COUNTRIES = ['IL', 'UA'] as const;
export const MIN_BALANCE_TO_PROCEED_IQD = 100;

export const MODAL_COUNTDOWN_S = 120;
export const MODAL_COUNTDOWN_RED_AT_S = 30;
export const BALANCE_POLL_MS = 3_000;
export const SERVICE_CALL_COOLDOWN_MS = 5 * 60_000;
export const PING_COOLDOWN_MS = 5_000;
export const NFC_CONFIRM_WINDOW_MS = 10_000;

export const NOTIFICATION_LIST_CAP = 50;
export const NOTIFICATION_BADGE_CAP = 9;
export const NOTIFICATION_SOUND_VOLUME = 0.3;

export const PROFILE_RETRY_MAX = 3;
export const PROFILE_RETRY_DELAY_MS = 1_000;
export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_PROFILE_LIMIT = 15;
export const DEFAULT_LEVEL_SIZE_XP = 10_000;

/** Minutes remaining at which a warning fires, with how many times the sound plays. */
export const TIME_WARNINGS = [
  { minutes: 10, soundRepeats: 3 },
  { minutes: 5, soundRepeats: 4 },
  { minutes: 3, soundRepeats: 5 },
] as const;
export const SESSION_TIME_UPDATE_MS = 60_000;
/** How long a time warning stays on screen unless dismissed (ours; the SPEC says only that it shows). */
export const TIME_WARNING_VISIBLE_MS = 30_000;

export const DEFAULT_VOLUME = 75;
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 100;
export const STEAM_POPUP_POLL_MS = 1_000;

export const MEDIA_CACHE_MS = 30 * 60_000;
export const IMAGE_CACHE_MS = 30 * 60_000;
export const IMAGE_CACHE_CLEANUP_MS = 15 * 60_000;
export const IMAGE_MAX_CONCURRENT_LOADS = 5;
export const IMAGE_MAX_RETRIES = 3;
export const IMAGE_RETRY_BASE_DELAY_MS = 2_000;
export const IMAGE_LOAD_TIMEOUT_MS = 10_000;

export const TOAST_DURATION_MS = {
  blank: 4_000,
  error: 4_000,
  success: 2_000,
  loading: Infinity,
  custom: 4_000,
} as const;
export const TOAST_MAX_VISIBLE = 20;
export const TOAST_REMOVE_DELAY_MS = 1_000;
export const TOAST_MAX_WIDTH_PX = 350;

export const RECENT_INPUT_EVENTS_KEPT = 5;
export const RECENT_INPUT_EVENTS_SHOWN = 10;
export const GAME_MODAL_MAX_CATEGORIES = 3;

export const GUEST_PREFIX = 'guest_';
export const FRIEND_CODE_LENGTH = 7;
export const FRIEND_CODE_FIRST_DIGIT = '7';

/** Data centres for the R6 Siege server picker (SPEC §9). */
export const R6_DATA_CENTRES = [
  { id: 'default', name: 'Default (auto)', flag: '🌐' },
  { id: 'eastus', name: 'EastUS', flag: '🇺🇸' },
  { id: 'centralus', name: 'CentralUS', flag: '🇺🇸' },
  { id: 'southcentralus', name: 'SouthCentralUS', flag: '🇺🇸' },
  { id: 'westus', name: 'WestUS', flag: '🇺🇸' },
  { id: 'brazilsouth', name: 'BrazilSouth', flag: '🇧🇷' },
  { id: 'northeurope', name: 'NorthEurope', flag: '🇮🇪' },
  { id: 'westeurope', name: 'WestEurope', flag: '🇳🇱' },
  { id: 'uaenorth', name: 'UAENorth', flag: '🇦🇪' },
  { id: 'southafricanorth', name: 'SouthAfricaNorth', flag: '🇿🇦' },
  { id: 'eastasia', name: 'EastAsia', flag: '🇭🇰' },
  { id: 'southeastasia', name: 'SoutheastAsia', flag: '🇸🇬' },
  { id: 'japaneast', name: 'JapanEast', flag: '🇯🇵' },
  { id: 'australiaeast', name: 'AustraliaEast', flag: '🇦🇺' },
] as const;
