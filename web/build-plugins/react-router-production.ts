import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Aliases that give a production build React Router's production files. The package ships them
 * beside the development ones, but its exports name only the development build, whose route
 * matching builds a warning message for every route it compiles and runs its dev-only checks:
 * on a phone's first screen that is tens of milliseconds of the main thread. Only for `vite
 * build`: tests and the dev server keep the warnings.
 */
export function reactRouterProductionAliases(): { find: RegExp; replacement: string }[] {
  const root = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = (file: string) => join(root, 'dist', 'production', file);
  return [
    { find: /^react-router$/, replacement: production('index.mjs') },
    { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
  ];
}
