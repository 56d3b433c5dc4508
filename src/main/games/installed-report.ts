/**
 * The station tells the cafe server what is installed on it: the Json_IDs of
 * its game catalog (games.json in the data directory), PUT
 * /games/station/{stationId}/installed with the station credential. The
 * server then offers this station only those games (games:updated
 * station_report). Sent when the shell starts; a station that is not
 * enrolled, has no catalog or cannot reach the server keeps the whole cafe
 * catalogue and says why in the log.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_STATION_REPORT, jsonId as jsonIdSchema } from '../../shared/api/games.js';
import { STATION_CREDENTIAL_HEADER } from '../../shared/stationCredential.js';
import { CATALOG_FILE_NAME, loadCatalog as loadCatalogFile } from '../launcher/catalog.js';
import type { Catalog } from '../launcher/catalog.js';
import { nodePostJson } from '../launcher/centre-account.js';
import type { PostJson } from '../launcher/centre-account.js';

export interface InstalledReportDeps {
  serverUrl: string;
  stationId: string;
  dataDir: string;
  credential: () => Promise<string | undefined>;
  pinnedFingerprint?: () => Promise<string | null | undefined>;
  post?: PostJson;
  loadCatalog?: (path: string) => Promise<Catalog>;
  log: (line: string) => void;
}

const answerSchema = z.object({ installedCount: z.number().int(), unknownJsonIds: z.array(z.string()) });

/** Reports the catalog; resolves with how many the server took, or null when nothing was reported. */
export async function reportInstalledGames(deps: InstalledReportDeps): Promise<number | null> {
  const { log } = deps;
  const credential = await deps.credential();
  if (!credential) {
    log('games: not enrolled, so the installed games are not reported (the station offers the whole catalogue)');
    return null;
  }
  let jsonIds: string[];
  try {
    const catalog = await (deps.loadCatalog ?? loadCatalogFile)(join(deps.dataDir, CATALOG_FILE_NAME));
    jsonIds = catalog.jsonIds().filter((id) => jsonIdSchema.safeParse(id).success);
  } catch (error) {
    log(`games: installed games not reported: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  if (jsonIds.length > MAX_STATION_REPORT) {
    log(`games: the catalog has ${jsonIds.length} entries; the first ${MAX_STATION_REPORT} are reported`);
    jsonIds = jsonIds.slice(0, MAX_STATION_REPORT);
  }
  try {
    const answer = await (deps.post ?? nodePostJson)({
      method: 'PUT',
      url: `${deps.serverUrl.replace(/\/+$/, '')}/games/station/${encodeURIComponent(deps.stationId)}/installed`,
      headers: { accept: 'application/json', [STATION_CREDENTIAL_HEADER]: credential },
      body: JSON.stringify({ jsonIds }),
      pinnedFingerprint: (await deps.pinnedFingerprint?.()) ?? null,
      timeoutMs: 10_000,
    });
    if (answer.status !== 200) {
      log(`games: the server refused the installed games (${answer.status})`);
      return null;
    }
    const parsed = answerSchema.parse(JSON.parse(answer.body));
    const unknown = parsed.unknownJsonIds.length ? `; not in the cafe catalogue: ${parsed.unknownJsonIds.slice(0, 20).join(', ')}` : '';
    log(`games: reported ${jsonIds.length} installed games, the server offers ${parsed.installedCount}${unknown}`);
    return parsed.installedCount;
  } catch (error) {
    log(`games: installed games not reported: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
