import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, MessagesSquare, Radio, Trophy, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MenuContent, MenuItem, MenuSeparator } from '../../components/ui/dropdown-menu';
import { COMMUNITY_LINKS, JOIN_SESSION_LINK, type CommunityLink } from './community-links';

const ICONS: Record<string, LucideIcon> = {
  '/challenges': Trophy,
  '/collaborations': MessagesSquare,
  '/activity': Zap,
  '/studio/collaborate': Radio,
};

function Entry({ link }: { link: CommunityLink }) {
  const Icon = ICONS[link.to] ?? Zap;
  return (
    <MenuItem asChild className="items-start">
      <Link to={link.to}>
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
        <span className="flex flex-col">
          <span className="font-medium">{link.label}</span>
          <span className="text-xs text-muted">{link.description}</span>
        </span>
      </Link>
    </MenuItem>
  );
}

/** The Community dropdown itself (Radix): loaded the first time someone reaches for it. */
export function CommunityMenuList({ className, defaultOpen }: { className: string; defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={`${className} data-[state=open]:bg-fg/10 data-[state=open]:text-fg`}>
        Community
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <MenuContent align="start" className="w-64">
        {COMMUNITY_LINKS.map((link) => (
          <Entry key={link.to} link={link} />
        ))}
        <MenuSeparator />
        <DropdownMenu.Label className="px-2.5 pt-1 pb-0.5 text-xs font-semibold tracking-wider text-muted uppercase">
          Live sessions
        </DropdownMenu.Label>
        <Entry link={JOIN_SESSION_LINK} />
      </MenuContent>
    </DropdownMenu.Root>
  );
}
