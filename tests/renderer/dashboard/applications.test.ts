/** SPEC §2/§9 side bar: applications grouped by prefix and category. */
import { describe, expect, it } from 'vitest';
import { Category } from '../../../src/shared/catalog/categories.js';
import { Platform } from '../../../src/shared/catalog/platforms.js';
import type { GameEntry } from '../../../src/shared/entities.js';
import { applicationGroup, groupApplications } from '../../../src/renderer/dashboard/applications.js';

const entry = (Json_ID: string, Name: string, Categories: number[], platform: number = Platform.Application): GameEntry => ({
  Json_ID,
  Name,
  Thumbnail: '',
  Platform: platform,
  Categories,
  IsMultiPlatform: false,
  App_ID: null,
}) as GameEntry;

describe('side bar applications (SPEC §2)', () => {
  it('groups by category and prefix, in the SPEC order, leaving games and empty groups out', () => {
    const sections = groupApplications([
      entry('game-cs2', 'Counter-Strike 2', [Category.FPS], Platform.Steam),
      entry('app-firefox', 'Mozilla Firefox', [Category.WebBrowser]),
      entry('app-chrome', 'Google Chrome', [Category.WebBrowser]),
      entry('app-discord', 'Discord', [Category.Communication, Category.VoiceChat]),
      entry('peripheral-ghub', 'Logitech G HUB', [Category.PeripheralSoftware]),
      entry('plat-steam', 'Steam', [Category.Platform], Platform.Steam),
      entry('app-notes', 'Notes', []),
    ]);
    expect(sections.map((s) => [s.group, s.entries.map((e) => e.Name)])).toEqual([
      ['browsers', ['Google Chrome', 'Mozilla Firefox']],
      ['peripherals', ['Logitech G HUB']],
      ['communication', ['Discord']],
      ['other', ['Notes', 'Steam']],
    ]);
  });

  it('an Application-platform entry without a known prefix counts; peripheral- wins over its categories', () => {
    expect(groupApplications([entry('game-tool', 'Tool', [Category.Software], Platform.Application)])[0]?.group).toBe('software');
    expect(applicationGroup(entry('peripheral-x', 'X', [Category.Software]))).toBe('peripherals');
    expect(applicationGroup(entry('app-ts', 'TeamSpeak', [Category.VoiceChat]))).toBe('communication');
  });
});
