import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (never a downloaded browser)
// against the real server process and the web shell.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  // Spec files run side by side (each starts its own server and shells on free ports); the tests of
  // one file run in order. SPAWNPOINT_E2E_WORKERS=1 runs them one at a time.
  fullyParallel: false,
  workers: Number(process.env.SPAWNPOINT_E2E_WORKERS ?? 2),
  projects: [
    // The card-reader specs share the one PC/SC daemon and virtual reader: one at a time.
    { name: 'card-reader', testMatch: /nfc\.spec\.ts$/, workers: 1 },
    { name: 'browser', testIgnore: /nfc\.spec\.ts$/ },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    viewport: { width: 1600, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.SPAWNPOINT_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
