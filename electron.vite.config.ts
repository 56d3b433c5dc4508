import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * electron-vite forces base './' for production renderer builds. Relative
 * asset URLs break on deep routes (/a/b loads /a/assets/…), so put '/' back
 * after its preset ran: Electron serves the renderer from app://station/, the
 * web shell over HTTP, both from the root.
 */
const absoluteBase = (): Plugin => ({
  name: 'spawnpoint:absolute-base',
  config(config) {
    config.base = '/';
  },
});

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The NFC worker is a second entry: it runs in its own (utility) process.
      rollupOptions: {
        input: { index: resolve('src/main/index.ts'), 'nfc-worker': resolve('src/main/nfc/pcsc-worker.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads must be CommonJS.
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), absoluteBase()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      // Loaded from local disk (Electron) or loopback (web shell): one chunk is fine.
      chunkSizeWarningLimit: 800,
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        onwarn(warning, warn) {
          // zod ships comments Rollup cannot place; they are harmless noise.
          if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
          warn(warning);
        },
      },
    },
  },
});
