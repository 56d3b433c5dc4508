/** Columns migration 0010_desk adds (issue 15, the front desk's gaps). */
import type { Generated } from 'kysely';

/** users: an account staff turned off (it cannot sign in; its tokens were revoked). */
export interface UserDeskColumns {
  disabled_at: Generated<string | null>;
  /** The staff member's username. */
  disabled_by: Generated<string | null>;
  disabled_reason: Generated<string | null>;
}

/** reward_claims: who took the claim at the counter (decided_by says who delivered or cancelled it). */
export interface RewardClaimDeskColumns {
  acknowledged_at: Generated<string | null>;
  acknowledged_by: Generated<string | null>;
}

/** game_accounts: who took and who cleared the last failed-launch flag. */
export interface GameAccountDeskColumns {
  flag_acknowledged_at: Generated<string | null>;
  flag_acknowledged_by: Generated<string | null>;
  flag_resolved_at: Generated<string | null>;
  flag_resolved_by: Generated<string | null>;
}

/** users (migration 0012_authority): wrong second-factor codes in a row, and until when the second factor is locked. */
export interface UserAuthorityColumns {
  second_factor_failures: Generated<number>;
  second_factor_locked_until: Generated<string | null>;
}
