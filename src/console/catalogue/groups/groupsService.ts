/**
 * The station groups as Setup's tabs read them (no tab of their own): a
 * centre account is bound to a group, an offer shows the play time it buys at
 * each group's rate. Groups are added and renamed on the Stations screen
 * (src/console/stations), their hourly rates are set in Setup → Prices.
 */
import { adminStationGroups } from '../../../shared/api/admin-catalogue.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createGroupsStore } from './groupsStore.js';

export class GroupsService {
  readonly store = createGroupsStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ groups: await this.http.call(adminStationGroups) });
    });
}
