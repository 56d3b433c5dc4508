/**
 * What the server nodes of one cafe agree on (issue 16), behind one
 * interface so that the code using it is the same on one node and on many:
 *   - `claim(job, slot)`: a unit of periodic work (a billing tick, a holds
 *     tick, the sweep of dead nodes) runs on exactly one node per slot;
 *   - `holdStation` / `releaseStation`: one connection per station, across nodes;
 *   - `connectedElsewhere`: stations whose socket lives on another node;
 *   - `budgetStore`: request budgets counted once for the whole cafe;
 *   - `exchange`: a shared register (what friends were last told of a user).
 * SQLite means one node: `soloCoordination` says yes to every claim, knows no
 * other node and keeps budgets in memory — nothing changes in behaviour.
 * PostgreSQL: `postgres-coordination.ts`.
 */
import type { BudgetStore } from '../http/budgets.js';

export interface Coordination {
  /** This server instance, unique per process start (the node id plus a random suffix). */
  readonly instance: string;
  /** True on at most one node per `job` and `slot`: the node that runs that unit of work. */
  claim(job: string, slot: number, options?: { staleMs?: number }): Promise<boolean>;
  /** Records that `socketId` on this node holds the station; false when a live socket elsewhere holds it. */
  holdStation(stationId: string, socketId: string): Promise<boolean>;
  /** The socket is gone (only its own record is removed). */
  releaseStation(stationId: string, socketId: string): Promise<void>;
  /** Of these stations (all when omitted), those connected to another live node. */
  connectedElsewhere(stationIds?: readonly string[]): Promise<Set<string>>;
  /** Stores `value` under `key` and answers what was there before (null: nothing), one atomic step for every node. */
  exchange(key: string, value: string): Promise<string | null>;
  /** Where request budgets are counted. */
  readonly budgetStore: BudgetStore | undefined;
  /** Called with the stations whose node stopped answering (their connection is gone). */
  onStationsLost(listener: (stationIds: string[]) => void): void;
  /** Called when another node took a station this node's socket held (this node was taken for stopped): close it. */
  onStationTaken(listener: (stationId: string, socketId: string) => void): void;
  close(): Promise<void>;
}

/** One node (SQLite): every claim is this node's, every connection is local, budgets in memory. */
export function soloCoordination(instance: string): Coordination {
  const register = new Map<string, string>();
  return {
    instance,
    claim: async () => true,
    holdStation: async () => true,
    releaseStation: async () => undefined,
    connectedElsewhere: async () => new Set(),
    exchange: async (key, value) => {
      const before = register.get(key) ?? null;
      register.set(key, value);
      return before;
    },
    budgetStore: undefined,
    onStationsLost: () => undefined,
    onStationTaken: () => undefined,
    close: async () => undefined,
  };
}

/**
 * Runs `work` only when this node claims the slot the clock is in; a slot is
 * `periodMs` long. Returns whether it ran.
 */
export async function once(
  coordination: Coordination,
  job: string,
  now: number,
  periodMs: number,
  work: () => Promise<void>,
  options: { staleMs?: number } = {},
): Promise<boolean> {
  if (!(await coordination.claim(job, Math.floor(now / periodMs), options))) return false;
  await work();
  return true;
}
