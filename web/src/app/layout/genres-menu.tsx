import { HeaderMenu } from './header-menu';

const loadMenu = () => import('./genres-menu-list').then((m) => m.GenresMenuList);

/** The header's Genres menu: every page shows its button, the menu loads when reached for. */
export function GenresMenu({ className }: { className: string }) {
  return <HeaderMenu label="Genres" load={loadMenu} className={className} />;
}
