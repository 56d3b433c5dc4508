/**
 * SPEC §2/§9 R6 Siege server picker: the 14 data centres, each with the flag
 * of its region; choosing one sends R6ServerRequest with its id (the value
 * Siege's DataCenterHint takes: default, eastus, …).
 */
import type { R6_DATA_CENTRES } from '../../shared/constants.js';

export type DataCentre = (typeof R6_DATA_CENTRES)[number];

/** ISO 3166 code of the country each data centre's region is in; null for Default (auto). */
export const DATA_CENTRE_COUNTRY: Record<DataCentre['id'], string | null> = {
  default: null,
  eastus: 'US',
  centralus: 'US',
  southcentralus: 'US',
  westus: 'US',
  brazilsouth: 'BR',
  northeurope: 'IE',
  westeurope: 'NL',
  uaenorth: 'AE',
  southafricanorth: 'ZA',
  eastasia: 'HK',
  southeastasia: 'SG',
  japaneast: 'JP',
  australiaeast: 'AU',
};
