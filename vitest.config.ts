import { configDefaults, defineConfig } from 'vitest/config';
import web, { mockingTests } from './web/vitest.config';

// One `vitest run` covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'shared',
      'server',
      'web',
      'desktop',
      // The web tests that mock a module (web/vitest.config.ts), each file with its own modules.
      {
        ...web,
        root: './web',
        test: {
          ...web.test,
          name: 'web-isolated',
          include: mockingTests,
          exclude: [...configDefaults.exclude],
          isolate: true,
        },
      },
    ],
    // Server files each build an app on their own database; two at a time suits a 2-core machine
    // (set here because vitest wants one worker limit for all projects).
    maxWorkers: 2,
  },
});
