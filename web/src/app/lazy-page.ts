import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page component loaded when first shown, from a module that exports it by name: each page
 * (and what only it uses) becomes its own chunk, so the first load carries the home page only.
 * The layout's <Suspense> shows a placeholder meanwhile.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each page its own.
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
