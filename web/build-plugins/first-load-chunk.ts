import type { Rolldown } from 'vite';

type Group = NonNullable<
  Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']
>[number];

/**
 * How the web build splits its JavaScript (the `codeSplitting` groups of vite.config.ts).
 *
 * - React in its own chunk: it changes far less often than the app, so it stays cached across
 *   deploys.
 * - The app's first-load modules in one chunk. Left to itself the bundler splits out every module
 *   that the first page and some lazy page both use, by which pages share it: `/` then preloaded
 *   31 files, most under 1 KB, and a phone on a slow network pays a round trip per few of them
 *   before the page can start. Every module `src/main.tsx` imports statically loads with the
 *   first page anyway, so one chunk adds no byte to the first load; lazy pages that use some of
 *   them import that chunk, which is already there. The bundler's own `$initial` tag picks them
 *   after tree-shaking: a library's index that re-exports everything (lucide-react's icons)
 *   brings only what the first page uses, where following every static import would pull in each
 *   icon any lazy page draws (43 KB before gzip).
 * - The icons only lazy pages and panels draw in one chunk rather than one tiny file each (a
 *   menu or a page would otherwise wait on a dozen requests of 300 bytes).
 * - Other libraries go with the lazy pages and panels that use them (one vendor chunk would put
 *   dnd-kit, Radix and the rest in every first load).
 */
export const codeSplittingGroups: Group[] = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
    priority: 3,
  },
  { name: 'app', tags: ['$initial'], priority: 2 },
  { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
];
