import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { reactRouterProductionAliases } from '../web/build-plugins/react-router-production';

/** The renderer's dev server. Not 5173: that is the web app's own dev server (`npm run dev`). */
const RENDERER_DEV_PORT = 5174;

/**
 * The server address a packaged build falls back to when BEATROOM_SERVER_URL is not set when the
 * app runs: whatever BEATROOM_SERVER_URL was when it was built (the release engineer sets it for
 * `npm run dist`). Empty means "no default": development then uses http://localhost:3000.
 */
const builtInServerUrl = process.env.BEATROOM_SERVER_URL ?? '';

export default defineConfig(({ command }) => ({
  main: {
    define: { __BEATROOM_BUILT_IN_SERVER_URL__: JSON.stringify(builtInServerUrl) },
    build: {
      // better-sqlite3 (native) and electron-updater stay in node_modules; the shared workspace
      // ships TypeScript sources, so it (and zod) are bundled into main instead.
      externalizeDeps: { exclude: ['@beatroom/shared'] },
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can only require a handful of Electron modules: everything it uses
      // (the contract and zod) is bundled into one CommonJS file, because sandboxed preloads
      // cannot be ES modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react(), tailwindcss()],
    // The renderer's CSP (script-src 'self') refuses zod's eval probe: its `zod` is the web's
    // jitless one (web/src/lib/zod-jitless.ts).
    resolve: {
      alias: [
        { find: /^zod$/, replacement: resolve(import.meta.dirname, '../web/src/lib/zod-jitless.ts') },
        ...(command === 'build' ? reactRouterProductionAliases() : []),
      ],
    },
    // Module workers, split like the page: the answer-check worker loads each contract on demand.
    worker: { format: 'es' },
    server: {
      port: RENDERER_DEV_PORT,
      strictPort: true,
      // In development main serves app://beatroom by proxying this server, so the renderer's
      // origin is the same as in production; the HMR socket goes straight to the dev server.
      hmr: { protocol: 'ws', host: 'localhost', port: RENDERER_DEV_PORT },
    },
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
}));
