// Lint with zero warnings. Besides the usual rules it keeps the process
// boundaries of the architecture: src/shared imports nothing of ours, and
// main, preload, renderer and server never import each other.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const boundary = (own, forbidden) => ({
  files: [`src/${own}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((other) => ({
          group: [`**/${other}/**`, `**/${other}`],
          message: `src/${own} must not import src/${other}: share code through src/shared.`,
        })),
      },
    ],
  },
});

// The renderer's own shape (src/renderer/README.md): app/ on top, features in
// the middle, core/ and ui/ at the bottom; components render, services act.
const processBoundary = (own, forbidden) =>
  forbidden.map((other) => ({
    group: [`**/${other}/**`, `**/${other}`],
    message: `src/${own} must not import src/${other}: share code through src/shared.`,
  }));
const RENDERER_FEATURES = [
  'account',
  'dashboard',
  'front-door',
  'games',
  'input-test',
  'notifications',
  'profile',
  'session',
  'splash',
  'squad',
  'station',
  'store',
  'web-pages',
];
const RENDERER_FOLDERS = ['app', 'core', 'ui', ...RENDERER_FEATURES];
const noAppImport = {
  group: ['**/app/**', '**/app'],
  message: 'Only main.tsx imports app/: features, core/ and ui/ stand below it.',
};
const noFeatureImport = {
  group: RENDERER_FEATURES.flatMap((feature) => [`**/${feature}/**`, `**/${feature}`]),
  message: 'core/ and ui/ import no feature: features stand on them, not the other way round.',
};
const noApiInComponent = {
  group: ['**/shared/api/**', '**/shared/api'],
  message: "A component calls its feature's service, never the HTTP routes (src/shared/api).",
};
const rendererLayers = RENDERER_FOLDERS.flatMap((folder) =>
  ['ts', 'tsx'].map((ext) => ({
    files: [`src/renderer/${folder}/**/*.${ext}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...processBoundary('renderer', ['main', 'preload', 'server', 'console']),
            ...(folder === 'app' ? [] : [noAppImport]),
            ...(folder === 'core' || folder === 'ui' ? [noFeatureImport] : []),
            ...(ext === 'tsx' ? [noApiInComponent] : []),
          ],
        },
      ],
    },
  })),
);
// The operator console has the renderer's shape (src/console/README.md, issue 21): app/ on top
// (only main.tsx imports it), one folder per screen with its entry, core/ and ui/ at the bottom.
// Every other folder of src/console is a screen: a new one is covered without touching this file.
const CONSOLE_BASE = ['app', 'core', 'ui', 'i18n'];
const CONSOLE_FEATURES = readdirSync(new URL('./src/console', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !CONSOLE_BASE.includes(entry.name))
  .map((entry) => entry.name);
const CONSOLE_FOLDERS = [...CONSOLE_BASE, ...CONSOLE_FEATURES];
const noConsoleAppImport = {
  group: ['**/app/**', '**/app'],
  message: 'Only main.tsx imports app/: the console screens, core/ and ui/ stand below it.',
};
const noConsoleFeatureImport = {
  group: CONSOLE_FEATURES.flatMap((feature) => [`**/${feature}/**`, `**/${feature}`]),
  message: 'core/, ui/ and i18n/ import no console screen: screens stand on them, not the other way round.',
};
const noConsoleHttpInComponent = {
  group: ['**/core/http*', '**/core/staffSocket*', '**/shared/api/http*'],
  message: "A console component calls its feature's service, never the HTTP client or the socket.",
};
const consoleLayers = CONSOLE_FOLDERS.flatMap((folder) =>
  ['ts', 'tsx'].map((ext) => ({
    files: [`src/console/${folder}/**/*.${ext}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...processBoundary('console', ['main', 'preload', 'renderer', 'server']),
            ...(folder === 'app' ? [] : [noConsoleAppImport]),
            ...(['core', 'ui', 'i18n'].includes(folder) ? [noConsoleFeatureImport] : []),
            ...(ext === 'tsx' ? [noConsoleHttpInComponent] : []),
          ],
        },
      ],
    },
  })),
);
const noConsoleTimersInComponents = {
  files: ['src/console/**/*.tsx'],
  rules: {
    // Types of the answers are fine; a route descriptor (a value) is the service's business.
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/shared/api/**', '**/shared/api'],
            allowTypeImports: true,
            message: "A console component calls its feature's service, never the HTTP routes (src/shared/api): import types only.",
          },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...['setTimeout', 'setInterval', 'fetch'].map((name) => ({
        name,
        message: 'Timers and requests live in services, never in a console component.',
      })),
    ],
  },
};

// The console's screens are built from the shared controls (src/shared/ui, issue 23): no own <button>, <input>,
// <select> or <textarea> in the folders listed here. A folder joins the list once it is converted; keep every folder.
const CONSOLE_SHARED_CONTROLS = ['app', 'audit', 'catalogue', 'customers', 'inbox', 'reports', 'room', 'session', 'shifts', 'staff', 'stations', 'today', 'ui'];
const consoleSharedControls = {
  files: CONSOLE_SHARED_CONTROLS.map((folder) => `src/console/${folder}/**/*.tsx`),
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'JSXOpeningElement[name.name=/^(button|input|select|textarea)$/]',
        message:
          'Build console screens from the shared controls (src/shared/ui: Button, SubmitButton, TextField, NumberField, PasswordField, SelectField, FileField, DateField, DateTimeField, CheckboxField, CheckboxGroup, SegmentedControl, TabStrip, ConfirmDialog, Modal); add a missing one there, with its test.',
      },
      // The browser's own date and time inputs draw in the browser's locale (11/27/2026 beside our 27/11/2026): issue 23.
      ...[
        "JSXAttribute[name.name='type'][value.value=/^(date|datetime-local|time|month|week)$/]",
        "JSXAttribute[name.name='type'] > JSXExpressionContainer > Literal[value=/^(date|datetime-local|time|month|week)$/]",
      ].map((selector) => ({
        selector,
        message:
          'Ask for a date or a time with the shared DateField / DateTimeField (src/shared/ui/DateField.tsx): they show and take the console’s own format in both languages; the browser’s date inputs follow the browser’s locale.',
      })),
    ],
  },
};

const noTimersInComponents = {
  files: ['src/renderer/**/*.tsx', 'src/shared/ui/**/*.tsx'],
  rules: {
    'no-restricted-globals': [
      'error',
      ...['setTimeout', 'setInterval'].map((name) => ({
        name,
        message: 'Timers live in services (injected Timers) or core/time hooks, never in a component.',
      })),
    ],
    'no-restricted-properties': [
      'error',
      ...['window', 'globalThis'].flatMap((object) =>
        ['setTimeout', 'setInterval'].map((property) => ({
          object,
          property,
          message: 'Timers live in services (injected Timers) or core/time hooks, never in a component.',
        })),
      ),
    ],
  },
};

// The server's layers (src/server/README.md, issue 21): the edges (http/, realtime/, db/) and the context import no
// domain — a route descriptor says who may call, authority/ answers, the domain is handed in; and no file imports
// another domain's routes or repository: cross-domain needs go through that domain's service.
const SERVER_DOMAINS = [
  'admin', 'auth', 'catalogue', 'desk', 'game-accounts', 'games', 'media', 'nfc-cards', 'oauth', 'offers', 'outbox',
  'play-tracking', 'prepaid', 'pricing', 'reports', 'rewards', 'service-calls', 'sessions', 'social', 'staff', 'stations', 'steam',
  'tiers', 'users', 'wallet', 'xp', 'seed', 'cli', 'customers', 'setup', 'shifts', 'today',
];
const serverProcess = processBoundary('server', ['main', 'preload', 'renderer', 'console']);
const noOtherDomainsRoutes = {
  group: ['../*/routes', '../*/routes.js', '../*/*-routes', '../*/*-routes.js', '../*/repo', '../*/repo.js'],
  message: "Another domain's routes and repository are its own: call its service (service.ts, or the module it names).",
};
const noDomainInEdge = {
  group: SERVER_DOMAINS.flatMap((domain) => [`../${domain}/**`, `../../${domain}/**`, `./${domain}/**`]),
  message:
    'The edges (http/, realtime/, db/), context.ts and what they stand on (authority/, base/, crypto/, config/, clock/, cluster/) import no domain: authority/ decides who may act, the domain is handed in.',
};
// No query in a file that registers routes (issue 21): a handler parses, calls its domain's service, answers.
// No route file is exempt.
const noQueryInRoutes = {
  files: ['src/server/**/routes.ts', 'src/server/**/*-routes.ts', 'src/server/auth/front-door.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]",
        message: "A route file runs no query: put it in the domain's repo.ts and call it from its service.",
      },
    ],
  },
};
const serverLayers = [
  noQueryInRoutes,
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverProcess, noOtherDomainsRoutes] }] },
  },
  {
    files: [
      'src/server/http/**/*.ts',
      'src/server/realtime/**/*.ts',
      'src/server/db/**/*.ts',
      'src/server/context.ts',
      // Below the edges: what every layer stands on imports no domain either (nothing runs back up).
      'src/server/authority/**/*.ts',
      'src/server/base/**/*.ts',
      'src/server/crypto/**/*.ts',
      'src/server/config/**/*.ts',
      'src/server/clock/**/*.ts',
      'src/server/cluster/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverProcess, noOtherDomainsRoutes, noDomainInEdge] }] },
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'out-*/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: [
      'src/renderer/**/*.{ts,tsx}',
      'tests/renderer/**/*.{ts,tsx}',
      'src/console/**/*.{ts,tsx}',
      'tests/console/**/*.{ts,tsx}',
      'src/shared/ui/**/*.{ts,tsx}',
      'tests/shared/ui/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  boundary('shared', ['main', 'preload', 'renderer', 'server', 'console']),
  boundary('main', ['preload', 'renderer', 'server', 'console']),
  boundary('preload', ['main', 'renderer', 'server', 'console']),
  boundary('renderer', ['main', 'preload', 'server', 'console']),
  boundary('server', ['main', 'preload', 'renderer', 'console']),
  ...serverLayers,
  // The operator console (issue 15) is a client of the admin API like the CLI: it shares only src/shared.
  boundary('console', ['main', 'preload', 'renderer', 'server']),
  ...rendererLayers,
  noTimersInComponents,
  ...consoleLayers,
  noConsoleTimersInComponents,
  consoleSharedControls,
);
