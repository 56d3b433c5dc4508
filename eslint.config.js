// Lint with zero warnings. Besides the usual rules it keeps the process
// boundaries of the architecture: src/shared imports nothing of ours, and
// main, preload, renderer and server never import each other.
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
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  boundary('shared', ['main', 'preload', 'renderer', 'server']),
  boundary('main', ['preload', 'renderer', 'server']),
  boundary('preload', ['main', 'renderer', 'server']),
  boundary('renderer', ['main', 'preload', 'server']),
  boundary('server', ['main', 'preload', 'renderer']),
);
