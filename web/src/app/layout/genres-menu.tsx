import { ChevronDown } from 'lucide-react';
import { DeferredMenu } from '../../components/ui/deferred-menu';

const loadMenu = () => import('./genres-menu-list').then((m) => m.GenresMenuList);

/** The header's Genres menu: every page shows its button, the menu loads when reached for. */
export function GenresMenu({ className }: { className: string }) {
  return (
    <DeferredMenu
      load={loadMenu}
      menuProps={{ className }}
      triggerProps={{
        className,
        children: (
          <>
            Genres
            <ChevronDown aria-hidden="true" className="size-4" />
          </>
        ),
      }}
    />
  );
}
