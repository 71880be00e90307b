import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { firstLoadBudget } from './build-plugins/first-load-budget';
import { firstLoadChunk } from './build-plugins/first-load-chunk';
import { precompress } from './build-plugins/precompress';

// The API runs on its own port in development; proxying keeps it same-origin for the browser, so
// the httpOnly session cookie and the /api/ws WebSocket work exactly as in production.
const api: ProxyOptions = { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true };

// The app's own first-load modules in one chunk (build-plugins/first-load-chunk.ts).
const firstLoad = firstLoadChunk();

export default defineConfig({
  plugins: [react(), tailwindcss(), firstLoad.plugin, firstLoadBudget(), precompress()],
  resolve: {
    // Every `import … from 'zod'` (the shared contracts) gets zod configured jitless first.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: { port: 5173, proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes far less often than the app: its own chunk stays cached across deploys.
        // Other libraries go with the lazy pages and panels that use them (one vendor chunk
        // would put dnd-kit, Radix and the rest in every first load).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'app', test: firstLoad.test, priority: 1 },
          ],
        },
      },
    },
  },
});
