/**
 * The pricing domain (issue 26): the price list in force, the owner's changes
 * to it (validated; applied to the minutes after the change, never before),
 * and what billing needs to price a customer's play — the meter (group, plain
 * rate, tier, list) and the packages they hold. The arithmetic itself is
 * `src/shared/pricing` (the kiosk runs the same).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { HeldPackageView, PricingView } from '../../shared/api/admin-pricing.js';
import type { customerPackages } from '../../shared/api/admin-pricing.js';
import type { z } from 'zod';
import {
  emptyPriceList,
  priceListIssues,
  priceListSchema,
  MINUTE_MS,
  heldTimePackage,
  packageAt,
  heldWindowPackage,
  stillUsable,
  priceInForce,
  priceInterval,
  runsOutAt,
  shareOut,
  availableUnits,
  meterSnapshot,
  type HeldPackage,
  type MeterSnapshot,
  type Meter,
  type PriceList,
  type Priced,
} from '../../shared/pricing/index.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { isUniqueViolation } from '../db/dialect.js';
import { newId } from '../db/ids.js';
import type { Db, UserRow } from '../db/schema.js';
import { findUserByUsername } from '../users/profile.js';
import { badRequest, conflict, HttpError, notFound } from '../base/errors.js';
import { tierRowFor } from '../tiers/tiers.js';
import {
  insertCustomerPackage,
  insertPlayCharges,
  playChargesBetween,
  insertPriceList,
  latestPriceList,
  listGroups,
  listTiers,
  packagesHeld,
  priceListById,
  runningPlay,
  setPackageMsLeft,
  stationGroupId,
  type CustomerPackageRow,
  type RunningPlayRow,
} from './repo.js';

/** Whose play, where: what a price depends on besides the clock. */
export interface Play {
  userId: string;
  stationId: string;
  /** For the tier (member prices). */
  user: { type: string; level: number };
  /** The plain hourly rate the session runs at (0: free, staff). */
  baseRate: number;
}

export interface PricingDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Runs before a new price list is saved: bills every running session up to now at the old prices. */
export type BeforePriceChange = () => Promise<void>;

export function heldFromRow(row: CustomerPackageRow): HeldPackage {
  return {
    id: row.id,
    kind: row.kind,
    groupIds: row.group_ids === null ? null : (JSON.parse(row.group_ids) as string[]),
    validFrom: Date.parse(row.valid_from),
    validUntil: Date.parse(row.valid_until),
    msLeft: row.kind === 'time' ? Number(row.ms_left ?? 0) : null,
  };
}

/**
 * Whether a running session is billed by the price list: not a guest (open or
 * prepaid minutes), not held at a gate, not free (staff). Only such a session
 * has a meter for the kiosk.
 */
export function playsByPriceList(session: Pick<RunningPlayRow, 'is_guest' | 'is_prepaid' | 'gate' | 'hourly_rate'>): boolean {
  return !(session.is_prepaid || session.is_guest || session.gate || session.hourly_rate <= 0);
}

/** Price list versions parsed and kept per node (a version is never changed, only a newer one added). */
const PARSED_LISTS_KEPT = 4;
/** A kept meter is rebuilt at least this often (server ms), whatever its inputs say: a tier's edit is seen within it. */
const METER_KEPT_MS = 60_000;

/** price_lists ids: prc_000001, prc_000002 … (ordered as text). */
const versionId = (n: number) => `prc_${String(n).padStart(6, '0')}`;

/** What selling a package needs of the wallet (every IQD moves through it). */
export interface PackageWallet {
  move(m: {
    userId: string;
    kind: 'package_sale' | 'package';
    amount?: number;
    reason: string;
    actor?: { userId: string; username: string } | null;
    method?: 'cash' | 'card' | null;
    claim?: (trx: Db) => Promise<{ amount: number; reason?: string } | null>;
  }): Promise<unknown>;
}

export type SaleMethod = 'cash' | 'card' | 'balance';

/** What approving an order adds to its sale: the price fixed when ordered, the claim pending → approved, the package given. */
export interface PackageOrderClaim {
  price: number;
  claim(trx: Db): Promise<boolean>;
  given(trx: Db, customerPackageId: string): Promise<void>;
}
type OnSale = z.output<typeof customerPackages.response>['onSale'][number];

export interface PlaySplit {
  /** IQD billed at the plain rate. */
  plain: number;
  /** IQD billed at each rate period's rate. */
  periods: { id: string; name: string; iqd: number }[];
  /** Minutes played on packages. */
  packageMinutes: number;
}

export class PricingService {
  private readonly beforeChange: BeforePriceChange[] = [];
  private readonly parsedLists = new Map<string, PriceList>();
  /**
   * The last meter built per station, with the inputs it was built from (`sessionMeter`; the session is one of
   * them). Keyed by station, so it holds at most one entry per station whatever number of sessions run and end
   * (one running session per station): a new session's meter replaces the last one's, and a station asked for
   * with no priced session running (its session ended, here or on another node) has its entry dropped.
   */
  private readonly meters = new Map<string, { inputs: string; builtAt: number; snapshot: MeterSnapshot }>();

  constructor(private readonly deps: PricingDeps) {}

  /** Billing registers here so that a change never reprices minutes already played. */
  onBeforeChange(listener: BeforePriceChange): void {
    this.beforeChange.push(listener);
  }

  /** A stored version of the price list, parsed once per node (null: none entered, the empty list). */
  private async listVersion(db: Db, id: string | null): Promise<PriceList> {
    if (id === null) return emptyPriceList();
    const known = this.parsedLists.get(id);
    if (known) return known;
    const row = await priceListById(db, id);
    const parsed = row ? priceListSchema.safeParse(JSON.parse(row.body)) : null;
    if (!parsed?.success) {
      this.deps.log.error({ priceListId: id }, 'stored price list does not parse; plain rates apply');
      return emptyPriceList();
    }
    this.parsedLists.set(id, parsed.data);
    if (this.parsedLists.size > PARSED_LISTS_KEPT) this.parsedLists.delete(this.parsedLists.keys().next().value!);
    return parsed.data;
  }

  /**
   * The meter the kiosk counts its time down by while the server is
   * unreachable (issue 26): the running session at a station (the
   * heartbeat's answer) or by id (`GET /pricing/meter`) — the price list as it
   * applies there, the packages held, what is left to spend from the instant
   * billed up to, and this server's instant. Null when no session runs there
   * or it is not billed by the price list. Its cost: one read
   * (`runningPlay`: every part a key or index search). The meter is kept per
   * station with the inputs that read gave (the session, the instant billed up to, money,
   * rate, group, list version, packages held, level) and given again while
   * they are the same — between two billing ticks — for at most a minute;
   * else it is rebuilt: the list is parsed once per version, the tier read
   * only when the list has member prices, the packages only when the
   * customer holds some.
   */
  async sessionMeter(which: { stationId: string } | { sessionId: string }): Promise<MeterSnapshot | null> {
    const { db, clock } = this.deps;
    const at = clock.now();
    const row = await runningPlay(db, which);
    if (!row || !playsByPriceList(row)) {
      // No priced session there any more: its meter is not kept.
      if ('stationId' in which) this.meters.delete(which.stationId);
      return null;
    }
    // The same session with the same inputs as the last time (nothing billed, paid, sold or repriced since): the same meter at this instant.
    const inputs = [
      row.session_id, row.last_billed_at, row.amount_charged, row.owed_units, row.balance, row.protected_balance, row.hourly_rate,
      row.group_id, row.price_list_id, row.package_count, row.type, row.level,
    ].join('|');
    const kept = this.meters.get(row.station_id);
    if (kept && kept.inputs === inputs && at - kept.builtAt < METER_KEPT_MS) return { ...kept.snapshot, at };
    const list = await this.listVersion(db, row.price_list_id);
    const from = Date.parse(row.last_billed_at);
    const [tier, held] = await Promise.all([
      list.tierPrices.length > 0 ? tierRowFor(db, { type: row.type, level: row.level }) : null,
      Number(row.package_count) > 0 ? this.held(db, row.user_id, from) : [],
    ]);
    const snapshot = meterSnapshot({
      sessionId: row.session_id,
      at,
      meter: { list, baseRate: row.hourly_rate, groupId: row.group_id, tierId: tier?.id ?? null },
      held,
      from,
      availableUnits: availableUnits({
        amountCharged: row.amount_charged,
        owedUnits: Number(row.owed_units),
        balance: row.balance,
        protectedBalance: row.protected_balance,
      }),
    });
    this.meters.set(row.station_id, { inputs, builtAt: at, snapshot });
    return snapshot;
  }

  /** How many meters this node keeps (at most one per station: `sessionMeter`). */
  get metersKept(): number {
    return this.meters.size;
  }

  /** The price list in force (an empty one until the owner enters one). */
  async current(db: Db = this.deps.db): Promise<{ list: PriceList; createdAt: string | null; createdBy: string | null }> {
    const row = await latestPriceList(db);
    if (!row) return { list: emptyPriceList(), createdAt: null, createdBy: null };
    const parsed = priceListSchema.safeParse(JSON.parse(row.body));
    if (!parsed.success) {
      // Never reached through the routes (they validate); a hand-edited row must not stop billing.
      this.deps.log.error({ priceListId: row.id }, 'stored price list does not parse; plain rates apply');
      return { list: emptyPriceList(), createdAt: row.created_at, createdBy: row.created_by };
    }
    return { list: parsed.data, createdAt: row.created_at, createdBy: row.created_by };
  }

  async view(): Promise<PricingView> {
    const { db } = this.deps;
    const [{ list, createdAt, createdBy }, groups, tiers] = await Promise.all([this.current(), listGroups(db), listTiers(db)]);
    return {
      priceList: list,
      groups: groups.map((g) => ({ id: g.id, name: g.name, hourlyRate: g.hourly_rate })),
      tiers,
      updatedAt: createdAt,
      updatedBy: createdBy,
    };
  }

  /**
   * The owner's new price list. Every problem is named in one 400 and nothing
   * is saved; else running sessions are billed up to now at the old prices,
   * then the new list is in force from this instant.
   */
  async replace(list: PriceList, actor: string | null): Promise<PricingView> {
    const { db, clock } = this.deps;
    const [groups, tiers] = await Promise.all([listGroups(db), listTiers(db)]);
    const problems = priceListIssues(list, { groupIds: groups.map((g) => g.id), tierIds: tiers.map((t) => t.id) });
    // The sentences for a reader, and each problem at its field for a form.
    if (problems.length > 0) throw new HttpError(400, problems.map((p) => p.message).join(' '), { problems });
    for (const listener of this.beforeChange) await listener();
    // Versions are numbered: the newest is the one in force, even when two share a clock instant.
    const latest = await latestPriceList(db);
    const version = latest ? Number(latest.id.slice('prc_'.length)) + 1 : 1;
    try {
      await insertPriceList(db, { id: versionId(version), body: JSON.stringify(list), created_at: isoNow(clock), created_by: actor });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('The price list was changed at the same moment by someone else; reload it and try again.');
      throw error;
    }
    return this.view();
  }

  /** What the price of a moment depends on for this customer at this station (`given`: the list in force, read already). */
  async meter(db: Db, play: Play, given?: PriceList): Promise<Meter> {
    const list = given ?? (await this.current(db)).list;
    const groupId = await stationGroupId(db, play.stationId);
    // The tier matters only when the list has member prices.
    const tier = list.tierPrices.length > 0 ? await tierRowFor(db, play.user) : null;
    return { list, baseRate: play.baseRate, groupId, tierId: tier?.id ?? null };
  }

  /** The packages the customer holds that are still usable at or after `at` (ms). */
  async held(db: Db, userId: string, at = this.deps.clock.now()): Promise<HeldPackage[]> {
    return (await packagesHeld(db, userId, new Date(at).toISOString())).map(heldFromRow);
  }

  /**
   * Whether the customer holds a package that plays now at this station (its
   * group, its window open, minutes left): such a customer is not held at the
   * top-up gate for want of 100 IQD.
   */
  async playsOnPackage(db: Db, userId: string, stationId: string, at = this.deps.clock.now()): Promise<boolean> {
    const [held, groupId] = await Promise.all([this.held(db, userId, at), stationGroupId(db, stationId)]);
    return packageAt({ list: emptyPriceList(), baseRate: 0, groupId, tierId: null }, held, at) !== undefined;
  }

  /** What the play [from, to) costs, exactly (run inside the settle's transaction, `db` being it). */
  async price(db: Db, play: Play, from: number, to: number): Promise<Priced> {
    const [meter, held] = await Promise.all([this.meter(db, play), this.held(db, play.userId, from)]);
    return priceInterval(meter, held, from, to);
  }

  /**
   * Records a priced stretch in the same transaction as its charge: time
   * packages counted down, and one line per source (plain time, each period,
   * each package) with the milliseconds and its share of `chargedIqd`.
   */
  async record(db: Db, play: Play & { sessionId: string }, priced: Priced, chargedIqd: number, at: string): Promise<void> {
    for (const p of priced.packages) {
      if (p.kind === 'time' && priced.packageMs[p.id] !== undefined) await setPackageMsLeft(db, p.id, Math.max(0, p.msLeft ?? 0));
    }
    const groupId = await stationGroupId(db, play.stationId);
    const shares = shareOut(chargedIqd, priced.parts);
    await insertPlayCharges(
      db,
      priced.parts
        .map((part, i) => ({
          id: newId('pch'),
          session_id: play.sessionId,
          user_id: play.userId,
          station_id: play.stationId,
          group_id: groupId,
          at,
          source: part.source,
          source_id: part.sourceId,
          ms: part.ms,
          iqd: shares[i] ?? 0,
        }))
        .filter((row) => row.ms > 0),
    );
  }

  /**
   * Sells a package on the price list to a customer: at the counter (cash or
   * card: the money is credited as a 'package_sale' into the open shift, then
   * taken by the 'package' line) or from their balance (the kiosk's store:
   * the 'package' line alone; a balance too small is refused and nothing is
   * sold). The package row is written in the wallet's transaction.
   */
  async sell(
    wallet: PackageWallet,
    sale: { userId: string; packageId: string; method: SaleMethod; actor: { userId: string; username: string } | null },
  ): Promise<CustomerPackageRow> {
    return (await this.sellProduct(wallet, sale))!;
  }

  /**
   * Sells an ordered package when the desk approves the order: the price fixed
   * when it was ordered is paid at the counter; `order.claim` (pending →
   * approved) runs in the sale's transaction, so an order is sold at most once
   * however many approvals race. Null when the claim lost (decided already).
   */
  sellOrdered(
    wallet: PackageWallet,
    sale: { userId: string; packageId: string; method: 'cash' | 'card'; actor: { userId: string; username: string } },
    order: PackageOrderClaim,
  ): Promise<CustomerPackageRow | null> {
    return this.sellProduct(wallet, sale, order);
  }

  private async sellProduct(
    wallet: PackageWallet,
    sale: { userId: string; packageId: string; method: SaleMethod; actor: { userId: string; username: string } | null },
    order?: PackageOrderClaim,
  ): Promise<CustomerPackageRow | null> {
    const { clock } = this.deps;
    const { list } = await this.current();
    const now = clock.now();
    const time = list.timePackages.find((p) => p.id === sale.packageId && p.active);
    const window = list.windowPackages.find((p) => p.id === sale.packageId && p.active);
    const product = time ?? window;
    if (!product) throw notFound(`No package ${sale.packageId} is on sale.`);
    const price = order?.price ?? product.price;
    const id = newId('pkg');
    const held = time ? heldTimePackage(time, id, now) : heldWindowPackage(window!, id, now, list.utcOffsetMinutes);
    if (!held) throw badRequest(`${product.name} has no window in the coming week.`);
    const row: CustomerPackageRow = {
      id,
      user_id: sale.userId,
      package_id: product.id,
      kind: held.kind,
      name: product.name,
      group_ids: held.groupIds === null ? null : JSON.stringify(held.groupIds),
      valid_from: new Date(held.validFrom).toISOString(),
      valid_until: new Date(held.validUntil).toISOString(),
      ms_left: held.msLeft,
      price,
      sold_at: new Date(now).toISOString(),
      sold_by: sale.actor?.username ?? null,
      method: order ? 'order' : sale.method,
      shift_id: null,
    };
    if (sale.method !== 'balance') {
      const paid = await wallet.move({
        userId: sale.userId,
        kind: 'package_sale',
        amount: price,
        reason: order ? `package ${product.name} ordered, paid at the counter (${sale.method})` : `package ${product.name} paid at the counter (${sale.method})`,
        actor: sale.actor,
        method: sale.method,
        ...(order ? { claim: async (trx: Db) => ((await order.claim(trx)) ? { amount: price } : null) } : {}),
      });
      if (order && !paid) return null;
    }
    await wallet.move({
      userId: sale.userId,
      kind: 'package',
      reason: `package ${product.name}`,
      actor: sale.actor,
      claim: async (trx) => {
        await insertCustomerPackage(trx, row);
        await order?.given(trx, row.id);
        return { amount: -price };
      },
    });
    return row;
  }

  /** A paying customer by username (the desk's sales), else 404. */
  async customer(username: string): Promise<UserRow> {
    const user = await findUserByUsername(this.deps.db, username);
    if (!user || user.type === 'guest' || user.type === 'admin' || user.type === 'staff') throw notFound(`Unknown customer: ${username}`);
    return user;
  }

  heldView(row: CustomerPackageRow): HeldPackageView {
    return {
      id: row.id,
      packageId: row.package_id,
      kind: row.kind,
      name: row.name,
      groupIds: row.group_ids === null ? null : (JSON.parse(row.group_ids) as string[]),
      validFrom: row.valid_from,
      validUntil: row.valid_until,
      minutesLeft: row.kind === 'time' ? Math.floor(Number(row.ms_left ?? 0) / MINUTE_MS) : null,
      price: row.price,
      soldAt: row.sold_at,
      method: row.method,
    };
  }

  /** The packages on sale now (the kiosk's store). */
  async onSale(): Promise<OnSale[]> {
    const { list } = await this.current();
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    return [
      ...list.timePackages
        .filter((p) => p.active)
        .map((p) => ({ id: p.id, name: p.name, kind: 'time' as const, price: p.price, minutes: p.minutes, window: null, groupIds: p.groupIds, validDays: p.validDays })),
      ...list.windowPackages
        .filter((p) => p.active)
        .map((p) => ({ id: p.id, name: p.name, kind: 'window' as const, price: p.price, minutes: null, window: `${hhmm(p.start)}–${hhmm(p.end)}`, groupIds: p.groupIds, validDays: null })),
    ];
  }

  /** The packages a customer holds and can still play (profile, desk). */
  async packagesOf(userId: string): Promise<CustomerPackageRow[]> {
    const now = this.deps.clock.now();
    const rows = await packagesHeld(this.deps.db, userId, new Date(now).toISOString());
    // Oldest sale first, as the profile and the desk list them.
    return rows.filter((row) => stillUsable(heldFromRow(row), now)).sort((a, b) => (a.sold_at < b.sold_at ? -1 : a.sold_at > b.sold_at ? 1 : 0));
  }

  /** What play billed between two instants was billed as (the shift report's split). */
  async playSplit(fromIso: string, toIso: string): Promise<PlaySplit> {
    const [rows, { list }] = await Promise.all([playChargesBetween(this.deps.db, fromIso, toIso), this.current()]);
    const split: PlaySplit = { plain: 0, periods: [], packageMinutes: 0 };
    for (const row of rows) {
      if (row.source === 'plain') split.plain += Number(row.iqd ?? 0);
      else if (row.source === 'package') split.packageMinutes += Math.floor(Number(row.ms ?? 0) / MINUTE_MS);
      else {
        const id = row.source_id ?? '';
        split.periods.push({ id, name: list.periods.find((p) => p.id === id)?.name ?? id, iqd: Number(row.iqd ?? 0) });
      }
    }
    return split;
  }

  /**
   * The price a walk-in pays at a group now (no tier, no package): what the
   * lock screen's side panel shows, with the rate period giving it and until
   * when it holds (a happy hour and its end time).
   */
  async walkInPrice(
    groupId: string | null,
    baseRate: number,
  ): Promise<{ hourlyRate: number; period: { id: string; name: string; until: string | null } | null }> {
    const { list } = await this.current();
    const now = this.deps.clock.now();
    const price = priceInForce({ list, baseRate, groupId, tierId: null }, [], now);
    const period = price.periodId === null ? undefined : list.periods.find((p) => p.id === price.periodId);
    return {
      hourlyRate: price.hourlyRate,
      period: period ? { id: period.id, name: period.name, until: price.until === null ? null : new Date(price.until).toISOString() } : null,
    };
  }

  /**
   * When the money (or the packages) run out, playing from `now` with
   * `availableUnits` to spend, and the whole minutes left; both null when
   * nothing runs out (free play) within the horizon. `list`: the list in force, when the caller read it already.
   */
  async runsOut(db: Db, play: Play, now: number, availableUnits: number, list?: PriceList): Promise<{ at: number | null; minutesLeft: number | null }> {
    const [meter, held] = await Promise.all([this.meter(db, play, list), this.held(db, play.userId, now)]);
    const at = runsOutAt(meter, held, now, availableUnits);
    return { at, minutesLeft: at === null ? null : Math.floor((at - now) / MINUTE_MS) };
  }
}
