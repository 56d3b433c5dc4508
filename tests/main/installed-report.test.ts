import { describe, expect, it } from 'vitest';
import { reportInstalledGames } from '../../src/main/games/installed-report.js';
import { parseCatalog } from '../../src/main/launcher/catalog.js';
import type { PostJson } from '../../src/main/launcher/centre-account.js';

const CATALOG = JSON.stringify({
  games: {
    'game-cs2': { uri: 'steam://rungameid/730', process: 'cs2.exe' },
    'plat-steam': { executable: 'C:\\Steam\\steam.exe', args: [], process: 'steam.exe' },
    'game-broken': { nothing: true },
  },
});

function deps(post: PostJson, credential: string | null = 'sc_station') {
  const lines: string[] = [];
  return {
    lines,
    deps: {
      serverUrl: 'http://cafe:4000',
      stationId: 'st-01',
      dataDir: '/data',
      credential: async () => credential ?? undefined,
      loadCatalog: async (path: string) => parseCatalog(CATALOG, path),
      post,
      log: (line: string) => lines.push(line),
    },
  };
}

describe('the station reports its installed games', () => {
  it('PUTs the valid catalog entries with the station credential', async () => {
    const seen: Array<Parameters<PostJson>[0]> = [];
    const { deps: d, lines } = deps(async (request) => {
      seen.push(request);
      return { status: 200, body: JSON.stringify({ stationId: 'st-01', installedCount: 2, unknownJsonIds: [] }) };
    });
    await expect(reportInstalledGames(d)).resolves.toBe(2);
    expect(seen[0]).toMatchObject({ method: 'PUT', url: 'http://cafe:4000/games/station/st-01/installed' });
    expect(seen[0]?.headers['X-Station-Credential']).toBe('sc_station');
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ jsonIds: ['game-cs2', 'plat-steam'] });
    expect(lines.at(-1)).toContain('reported 2 installed games');
  });

  it('reports nothing when not enrolled, and says why when the server refuses', async () => {
    let posts = 0;
    const unenrolled = deps(async () => ((posts += 1), { status: 200, body: '{}' }), null);
    await expect(reportInstalledGames(unenrolled.deps)).resolves.toBeNull();
    expect(posts).toBe(0);
    const refused = deps(async () => ({ status: 401, body: '{}' }));
    await expect(reportInstalledGames(refused.deps)).resolves.toBeNull();
    expect(refused.lines.at(-1)).toContain('refused');
  });
});
