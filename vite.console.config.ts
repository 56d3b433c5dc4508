import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The operator console (issue 15): its own React entry, served by the cafe
 * server at /console/ from out/console. Built by `npm run build` after the
 * station's electron-vite build.
 */
export default defineConfig({
  root: resolve('src/console'),
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: resolve('out/console'),
    target: 'es2022',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
