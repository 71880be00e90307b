import { HOME_GENRE_MENU } from '@beatroom/shared/catalogue-constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MenuContent, MenuItem } from '../../components/ui/dropdown-menu';
import { genreHref } from './genre-href';

/** The Genres dropdown itself (Radix): loaded the first time someone reaches for it. */
export function GenresMenuList({ className, defaultOpen }: { className: string; defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={`${className} data-[state=open]:bg-fg/10 data-[state=open]:text-fg`}>
        Genres
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <MenuContent align="start" className="w-48">
        {HOME_GENRE_MENU.map((genre) => (
          <MenuItem key={genre} asChild>
            <Link to={genreHref(genre)}>{genre}</Link>
          </MenuItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
