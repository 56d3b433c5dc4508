/**
 * Stations and what they cost: station groups with their hourly rates (list,
 * create, edit), which group a station is in, and enrolment (a one-time
 * pairing code; revoking a station's credential).
 */
import { adminCreateStationGroup, adminSetStationGroup, adminStationGroups, adminUpdateStationGroup } from '../../../shared/api/admin-catalogue.js';
import { adminPairingCode, adminRevokeCredential } from '../../../shared/api/enrolment.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createStationsStore } from './stationsStore.js';

export class StationsService {
  readonly store = createStationsStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ groups: await this.http.call(adminStationGroups) });
    });

  createGroup = (name: string, hourlyRate: number) =>
    act(this.store, async () => {
      const group = await this.http.call(adminCreateStationGroup, { body: { name, hourlyRate } });
      this.store.setState({ groups: await this.http.call(adminStationGroups), notice: group.name });
    });

  updateGroup = (id: string, change: { name?: string; hourlyRate?: number }) =>
    act(this.store, async () => {
      const group = await this.http.call(adminUpdateStationGroup, { params: { id }, body: change });
      this.store.setState({ groups: this.store.getState().groups.map((g) => (g.id === id ? group : g)), notice: group.name });
    });

  moveStation = (stationId: string, groupId: string | null) =>
    act(this.store, async () => {
      await this.http.call(adminSetStationGroup, { params: { stationId }, body: { groupId } });
      this.store.setState({ groups: await this.http.call(adminStationGroups) });
    });

  pair = (stationId: string) =>
    act(this.store, async () => {
      const { pairingCode, expiresAt } = await this.http.call(adminPairingCode, { params: { stationId } });
      this.store.setState({ codes: { ...this.store.getState().codes, [stationId]: { code: pairingCode, expiresAt } } });
    });

  revoke = (stationId: string) =>
    act(this.store, async () => {
      const { message } = await this.http.call(adminRevokeCredential, { params: { stationId } });
      this.store.setState({ notice: message });
    });
}
