import { HOME_GENRE_MENU } from '@beatroom/shared/catalogue-constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MenuContent, MenuItem } from '../../components/ui/dropdown-menu';

export function genreHref(genre: string): string {
  // URLSearchParams, because a bare "R&B" would split the query at the ampersand.
  return `/?${new URLSearchParams({ genre }).toString()}`;
}

export function GenresMenu({ className }: { className: string }) {
  return (
    <DropdownMenu.Root modal={false}>
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
