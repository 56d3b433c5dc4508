/**
 * The console built from its one feature list (as main.tsx builds it): every
 * screen has its feature, signing in starts the live screens (room, inbox)
 * and the channel, signing out stops them, and every store resets.
 */
import { describe, expect, it } from 'vitest';
import { createConsoleApp } from '../../../src/console/app/features.js';
import { SCREENS, screensFor } from '../../../src/console/app/screens.js';
import { consoleSession } from '../support/sessions.js';
import { testCore } from '../support/fakes.js';
import { station } from '../support/room.js';

function setup() {
  const t = testCore();
  const app = createConsoleApp(t.core);
  t.server.on('GET /admin/console/room', [station({ id: 'st-01', number: 1 })]);
  t.server.on('GET /admin/console/receipts', []);
  t.server.on('GET /admin/holds', []);
  for (const path of ['/admin/service-calls', '/admin/orders', '/admin/reward-claims', '/admin/game-accounts']) t.server.on(`GET ${path}`, []);
  app.start();
  return { ...t, app };
}

interface Fs {
  readdirSync(path: string, options: { withFileTypes: true }): { name: string; isDirectory(): boolean }[];
  existsSync(path: string): boolean;
}
const NODE_FS = 'node:fs';
const fs = (await import(/* @vite-ignore */ NODE_FS)) as Fs;
const root = (globalThis as unknown as { process: { cwd(): string } }).process.cwd();

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('console app', () => {
  it('lists one feature per screen folder, each with its stores', () => {
    const { app } = setup();
    expect(Object.keys(app.features).sort()).toEqual(['audit', 'catalogue', 'customers', 'inbox', 'reports', 'room', 'session', 'shifts', 'staff', 'stations', 'today']);
    for (const feature of Object.values(app.features)) {
      expect(app.services.get(feature.name)).toBe(feature.service);
      expect(feature.stores.length).toBeGreaterThan(0);
    }
  });

  it('every screen folder of src/console has its index.ts entry and is in the feature list (nothing left out of the map)', () => {
    const { app } = setup();
    const folders = fs
      .readdirSync(`${root}/src/console`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['app', 'core', 'ui', 'i18n'].includes(entry.name))
      .map((entry) => entry.name)
      .sort();
    for (const folder of folders) expect(fs.existsSync(`${root}/src/console/${folder}/index.ts`), folder).toBe(true);
    expect(Object.values(app.features).map((feature) => feature.name).sort()).toEqual(folders);
  });

  it('shows staff the shift’s screens and owners every screen', () => {
    expect(screensFor(false).map((s) => s.id)).toEqual(['room', 'today', 'inbox', 'customers', 'shifts', 'stations', 'setup', 'security']);
    expect(screensFor(true).map((s) => s.id)).toEqual(SCREENS.map((s) => s.id));
  });

  it('starts the room, the inbox and the channel on sign-in and stops them on sign-out', async () => {
    const { app, server, socket } = setup();
    server.on('GET /admin/console/session', consoleSession());
    await app.features.session.service.restore();
    await settle();
    expect(socket.link.getState().connected).toBe(true);
    expect(app.features.room.service.store.getState().stations.map((s) => s.id)).toEqual(['st-01']);
    // Live: a pushed room replaces the list; a pushed call reaches the inbox and the tab title.
    socket.emit('roomUpdated', [station({ id: 'st-01' }), station({ id: 'st-02', number: 2, online: false, currentSession: { sessionId: 's', username: 'ali', isGuest: false, startTime: '2026-11-27T00:00:00Z', remainingMinutes: null } })]);
    expect(app.features.room.service.store.getState().stations).toHaveLength(2);
    // The silent station with a session is an alert in the inbox.
    expect(app.features.inbox.service.store.getState().alerts.map((a) => a.kind)).toEqual(['lost']);

    server.on('POST /admin/console/logout', { success: true });
    await app.features.session.service.signOut();
    expect(socket.link.getState().connected).toBe(false);
    socket.emit('roomUpdated', []);
    expect(app.features.room.service.store.getState().stations).toHaveLength(2);
  });

  it('resets every store to its first state', async () => {
    const { app, server } = setup();
    server.on('GET /admin/console/session', consoleSession());
    await app.features.session.service.restore();
    await settle();
    app.resetStores();
    expect(app.features.session.service.store.getState().status).toBe('loading');
    expect(app.features.room.service.store.getState().stations).toEqual([]);
    app.stop();
  });
});
