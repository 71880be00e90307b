import type { RouteObject } from 'react-router-dom';
import type { Platform } from '../lib/platform';
import { lazyPage } from './lazy-page';

// Desktop only: the web's first load does not carry it.
const LibraryPage = lazyPage(() => import('./routes/library-page'), 'LibraryPage');

/**
 * The route table for a platform: the shared table, plus /library when the platform has a
 * local library (the desktop app). Inserted before the catch-all so it wins over Not Found.
 */
export function routesForPlatform(routes: RouteObject[], platform: Platform): RouteObject[] {
  if (!platform.library) return routes;
  return routes.map((route, index) => {
    if (index !== 0 || !route.children) return route;
    const children = [...route.children];
    const catchAll = children.findIndex((child) => child.path === '*');
    children.splice(catchAll === -1 ? children.length : catchAll, 0, {
      path: 'library',
      element: <LibraryPage />,
    });
    return { ...route, children };
  });
}
