import { HeaderMenu } from './header-menu';

const loadMenu = () => import('./community-menu-list').then((m) => m.CommunityMenuList);

/**
 * The header's Community menu (Challenges, Collaborations, Activity, Live sessions): every page
 * shows its button, on a phone in the scrolling nav row; the menu loads when reached for.
 */
export function CommunityMenu({ className }: { className: string }) {
  return <HeaderMenu label="Community" load={loadMenu} className={className} />;
}
