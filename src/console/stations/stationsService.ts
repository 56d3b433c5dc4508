/**
 * A cafe's own stations (issue 22): the list with group, connection, last heartbeat and pairing (live from the
 * room), and the owner's actions — add a PC, pair it (the one-time code shown once), revoke its credential or
 * issue a new code, move it to a group, rename and renumber it; the station groups themselves (each with its
 * hourly rate and number of stations: everyone reads them; the owner adds and renames one — rates are set in
 * Setup → Prices). Every action goes through the admin route the
 * CLI uses; the server decides who may (owner, signed in with the second factor) and writes the receipt.
 */
import { adminCreateStationGroup, adminStationGroups, adminUpdateStationGroup } from '../../shared/api/admin-catalogue.js';
import { adminAddStation, adminEditStation } from '../../shared/api/admin-stations.js';
import { STATION_RECEIPT_ACTIONS, type Receipt, type RoomStation } from '../../shared/api/console.js';
import { adminPairingCode, adminRevokeCredential, adminStationAlerts } from '../../shared/api/enrolment.js';
import { adminRequestScreenshot, adminScreenshot, SCREENSHOT_WAIT_MS } from '../../shared/api/screenshots.js';
import { act } from '../core/act.js';
import type { Http } from '../core/http.js';
import { createStationsStore, type StationsStore } from './stationsStore.js';

/** How the console waits for a station's screenshot: asks the server `tries` times, `every` ms apart. */
export interface ShotPolling {
  tries: number;
  every: number;
  sleep(ms: number): Promise<void>;
}
/** Read until the server's own wait is over (then it says expired): a late upload is still shown. */
const defaultPolling: ShotPolling = {
  tries: Math.ceil(SCREENSHOT_WAIT_MS / 1500) + 1,
  every: 1500,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type Connection = 'online' | 'offline';

export interface StationRow {
  id: string;
  number: number;
  name: string;
  groupId: string | null;
  groupName: string | null;
  connection: Connection;
  lastSeen: string | null;
  /** null: the server does not say (an older server). */
  paired: boolean | null;
}

export const connectionOf = (s: Pick<RoomStation, 'online'>): Connection => (s.online ? 'online' : 'offline');

/** The rows in number order, narrowed by the filter (number, name, id or group, any case). */
export function stationRows(stations: readonly RoomStation[], filter: string): StationRow[] {
  const needle = filter.trim().toLowerCase();
  return stations
    .map((s) => ({
      id: s.id,
      number: s.number,
      name: s.name,
      groupId: s.groupId,
      groupName: s.groupName,
      connection: connectionOf(s),
      lastSeen: s.lastHeartbeatAt,
      paired: s.paired ?? null,
    }))
    .filter((r) => !needle || [String(r.number), r.name, r.id, r.groupName ?? ''].some((v) => v.toLowerCase().includes(needle)))
    .sort((a, b) => a.number - b.number);
}

const MANAGED = new Set(Object.values(STATION_RECEIPT_ACTIONS));
/** The receipts of the owner's station changes (the room keeps every receipt; this screen shows these). */
export const stationReceipts = (receipts: readonly Receipt[]): Receipt[] => receipts.filter((r) => MANAGED.has(r.action));

export interface NewStation {
  stationId: string;
  number: number;
  name?: string;
  /** A group's id; null or absent: none. */
  group?: string | null;
}

export class StationsService {
  constructor(
    private readonly http: Http,
    readonly store: StationsStore = createStationsStore(),
    private readonly polling: ShotPolling = defaultPolling,
  ) {}

  /**
   * Asks a station for its screen (issue 24): the receipt says "asked", then "taken" with the image, or
   * "failed" when the PC is not connected, the request expired or no image came while the console waited.
   * One at a time: a new ask replaces the receipt, and a late answer for an older ask is dropped.
   */
  screenshot = (stationId: string) =>
    act(this.store, async () => {
      this.store.setState({ shot: { stationId, id: null, state: 'asked', image: null } });
      const asked = await this.http.call(adminRequestScreenshot, { params: { stationId } }).catch((error: unknown) => {
        this.store.setState({ shot: null });
        throw error;
      });
      const mine = () => this.store.getState().shot?.id === asked.id;
      this.store.setState({ shot: { stationId, id: asked.id, state: 'asked', image: null } });
      if (!asked.delivered) return this.store.setState({ shot: { stationId, id: asked.id, state: 'failed', image: null } });
      for (let i = 0; i < this.polling.tries; i += 1) {
        await this.polling.sleep(this.polling.every);
        if (!mine()) return;
        const read = await this.http.call(adminScreenshot, { params: { id: asked.id } });
        if (!mine()) return;
        if (read.state === 'taken' && read.imageBase64) {
          const image = `data:${read.contentType ?? 'image/png'};base64,${read.imageBase64}`;
          return this.store.setState({ shot: { stationId, id: asked.id, state: 'taken', image } });
        }
        if (read.state === 'expired') break;
      }
      if (mine()) this.store.setState({ shot: { stationId, id: asked.id, state: 'failed', image: null } });
    });

  /** The image's viewer is closed (the receipt stays and can open it again), or opened again. */
  showShot = (open: boolean) => {
    const shot = this.store.getState().shot;
    if (shot?.image) this.store.setState({ shot: { ...shot, state: open ? 'taken' : 'seen' } });
  };

  /** Reads the groups (for the picker) and the latest station alerts. */
  load = () =>
    act(this.store, async () => {
      const [groups, alerts] = await Promise.all([this.http.call(adminStationGroups), this.http.call(adminStationAlerts, { query: { limit: 20 } })]);
      this.store.setState({ groups, alerts });
    });

  setFilter = (filter: string) => this.store.setState({ filter });
  select = (stationId: string | null) => this.store.setState({ selected: stationId });

  /** Moves the selection one row up or down the rows shown. */
  step(rows: readonly StationRow[], by: 1 | -1): void {
    if (rows.length === 0) return;
    const at = rows.findIndex((r) => r.id === this.store.getState().selected);
    const next = at < 0 ? (by === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + by));
    this.store.setState({ selected: rows[next]?.id ?? null });
  }

  /** A new PC as a station, then its pairing code at once (shown once). */
  add = (input: NewStation) =>
    act(this.store, async () => {
      const row = await this.http.call(adminAddStation, {
        body: { stationId: input.stationId, number: input.number, ...(input.name ? { name: input.name } : {}), ...(input.group ? { group: input.group } : {}) },
      });
      this.store.setState({ selected: row.id });
      await this.issueCode(row.id);
    });

  /** A one-time pairing code: the first pairing, or a new credential for a PC (the old one stops when the code is used). */
  pair = (stationId: string) => act(this.store, () => this.issueCode(stationId));

  /** The code has been read out: it is not kept anywhere in the console. */
  dismissCode = () => this.store.setState({ code: null });

  /** The station's credential stops at once; it is disconnected and needs a new pairing code. */
  revoke = (stationId: string) =>
    act(this.store, async () => {
      this.store.setState({ done: null });
      await this.http.call(adminRevokeCredential, { params: { stationId } });
      this.store.setState({ done: { kind: 'revoked', station: stationId } });
      await this.reloadAlerts();
    });

  /** Into a group (its id), or out of every group (null). */
  move = (stationId: string, groupId: string | null) =>
    act(this.store, async () => {
      this.store.setState({ done: null });
      const row = await this.http.call(adminEditStation, { params: { stationId }, body: { group: groupId } });
      this.store.setState({ done: { kind: 'moved', station: row.name } });
      this.store.setState({ groups: await this.http.call(adminStationGroups) });
    });

  /** A new name and/or number. */
  edit = (stationId: string, change: { name?: string; number?: number }) =>
    act(this.store, async () => {
      this.store.setState({ done: null });
      const row = await this.http.call(adminEditStation, { params: { stationId }, body: change });
      this.store.setState({ done: { kind: 'edited', station: row.name } });
    });

  /** A new station group with its plain hourly rate (the rate is changed later in Setup → Prices). */
  addGroup = (name: string, hourlyRate: number) =>
    act(this.store, async () => {
      this.store.setState({ done: null });
      const group = await this.http.call(adminCreateStationGroup, { body: { name, hourlyRate } });
      this.store.setState({ done: { kind: 'groupAdded', station: group.name }, groups: await this.http.call(adminStationGroups) });
    });

  /** A group's new name (its stations and rate stay). */
  renameGroup = (id: string, name: string) =>
    act(this.store, async () => {
      this.store.setState({ done: null });
      const group = await this.http.call(adminUpdateStationGroup, { params: { id }, body: { name } });
      this.store.setState({ done: { kind: 'groupRenamed', station: group.name }, groups: this.store.getState().groups.map((g) => (g.id === id ? group : g)) });
    });

  private async issueCode(stationId: string): Promise<void> {
    const answer = await this.http.call(adminPairingCode, { params: { stationId } });
    this.store.setState({ code: { stationId: answer.stationId, code: answer.pairingCode, expiresAt: answer.expiresAt, fingerprint: answer.certificateFingerprint } });
  }

  private async reloadAlerts(): Promise<void> {
    this.store.setState({ alerts: await this.http.call(adminStationAlerts, { query: { limit: 20 } }) });
  }
}
