import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'web', 'desktop'],
    // Server files each build an app on their own database; two at a time suits a 2-core machine
    // (set here because vitest wants one worker limit for all projects).
    maxWorkers: 2,
  },
});
