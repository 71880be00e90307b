import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { firstLoadBudget } from './build-plugins/first-load-budget';
import { codeSplittingGroups } from './build-plugins/first-load-chunk';
import { precompress } from './build-plugins/precompress';
import { reactRouterProductionAliases } from './build-plugins/react-router-production';

// The API runs on its own port in development; proxying keeps it same-origin for the browser, so
// the httpOnly session cookie and the /api/ws WebSocket work exactly as in production.
const api: ProxyOptions = { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true };

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), firstLoadBudget(), precompress()],
  resolve: {
    // Every `import … from 'zod'` (the shared contracts) gets zod configured jitless first.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      ...(command === 'build' ? reactRouterProductionAliases() : []),
    ],
  },
  // Module workers, split like the page: the answer-check worker loads each contract on demand.
  worker: { format: 'es' },
  server: { port: 5173, proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React, the first load's modules, the lazy icons: build-plugins/first-load-chunk.ts.
        codeSplitting: { groups: codeSplittingGroups },
      },
    },
  },
}));
