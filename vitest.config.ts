import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'web'],
  },
});
