import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatCredits } from '@beatroom/shared/format-money';
import { displayName } from '@beatroom/shared/format-names';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import {
  BadgeDollarSign,
  ChevronDown,
  Coins,
  CreditCard,
  Crown,
  Download,
  Bell,
  Heart,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  MicVocal,
  Receipt,
  Settings,
  ShieldCheck,
  Star,
  User,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar';
import { MenuContent, MenuItem, MenuSeparator } from '../../components/ui/dropdown-menu';
import { creditsQueryOptions } from '../../features/credits/api';
import { useBuyCreditsDialog } from '../../features/credits/store/buy-credits-dialog-store';
import { useInvoicesDialog } from '../../features/invoices/store/invoices-dialog-store';
import { profileQueryOptions } from '../../features/profile/api';
import { isProducer } from '../../features/profile/producer';
import { useSignOut } from '../../features/session/hooks/use-sign-out';
import { subscriptionQueryOptions } from '../../features/subscriptions/api';
import { useUpgradeDialog } from '../../features/subscriptions/store/upgrade-dialog-store';
import { liveSubscription } from '../../features/subscriptions/subscription-rules';

interface MenuLink {
  label: string;
  to: string;
  Icon: typeof User;
}

/**
 * The user menu's entries, in their documented order (Admin Panel and Sign out are added around),
 * with selling's own after Downloads: Invoices & Receipts (a modal, not a page) and,
 * for producers, Earnings; for anyone with beats, My beats (/dashboard).
 */
function menuLinks(userId: string, producer: boolean, hasBeats: boolean): (MenuLink | 'invoices')[] {
  const profile = `/profile/${encodeURIComponent(userId)}`;
  return [
    { label: 'View Profile', to: profile, Icon: User },
    { label: 'Favorites', to: `${profile}?tab=favorites`, Icon: Heart },
    { label: 'My Reviews', to: `${profile}?tab=reviews`, Icon: Star },
    { label: 'Downloads', to: '/downloads', Icon: Download },
    'invoices',
    ...(producer ? [{ label: 'Earnings', to: '/earnings', Icon: BadgeDollarSign }] : []),
    // Only someone with beats has a table of them to look at.
    ...(hasBeats ? [{ label: 'My beats', to: '/dashboard', Icon: LayoutDashboard }] : []),
    { label: 'My Recordings', to: '/my-recordings', Icon: MicVocal },
    { label: 'Notifications', to: '/notifications', Icon: Bell },
    { label: 'Support', to: '/support', Icon: LifeBuoy },
    { label: 'Subscription & Billing', to: '/settings?section=subscription', Icon: CreditCard },
    { label: 'Settings', to: '/settings', Icon: Settings },
  ];
}

export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const openInvoices = useInvoicesDialog((state) => state.open);
  // Whether to offer Earnings: the user's own profile says, read once the menu is first opened
  // (the profile page shares the entry). Until it has loaded the entry is simply not there.
  const [opened, setOpened] = useState(false);
  const profile = useQuery({ ...profileQueryOptions(user.id), enabled: opened });
  const producer = profile.data ? isProducer(profile.data) : false;
  const hasBeats = (profile.data?.beats_count ?? 0) > 0;
  const credits = useQuery({ ...creditsQueryOptions(user.id), enabled: opened });
  const subscription = useQuery({ ...subscriptionQueryOptions(user.id), enabled: opened });
  const plan = liveSubscription(subscription.data?.subscription);
  const openBuyCredits = useBuyCreditsDialog((state) => state.open);
  const openUpgrade = useUpgradeDialog((state) => state.open);
  // A nameless user is User plus the first 8 characters of the id.
  const name = displayName(user.name, user.id);
  const canAdminister = user.isAdmin || user.isOwner;

  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && setOpened(true)}>
      <DropdownMenu.Trigger
        // Starts with the name it shows (WCAG 2.5.3: speech users say what they see).
        aria-label={`${name}, user menu`}
        className="flex max-w-56 items-center gap-2 rounded-full border border-line bg-surface/70 py-1 pr-2 pl-1 text-sm transition-colors hover:bg-fg/10 data-[state=open]:bg-fg/10"
      >
        <Avatar src={user.picture} name={name} size={28} />
        <span className="hidden truncate font-medium sm:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted" />
      </DropdownMenu.Trigger>

      <MenuContent align="end" className="w-72">
        <DropdownMenu.Label className="flex items-center gap-3 px-2.5 pt-2 pb-2.5">
          <Avatar src={user.picture} name={name} size={40} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{name}</span>
            <span className="block truncate text-xs text-muted">{user.email}</span>
          </span>
        </DropdownMenu.Label>
        <MenuSeparator />
        {/* The credits balance with Buy More, and the tier or Upgrade to Pro. */}
        <div className="flex items-center gap-2.5 px-2.5 py-1.5 text-sm">
          <Coins aria-hidden="true" className="size-4 text-amber-300" />
          <span className="text-muted">Credits</span>
          <span aria-live="polite" className="ml-auto font-semibold numeric">
            {credits.data ? formatCredits(credits.data.credits.credits_available) : '…'}
          </span>
        </div>
        <MenuItem onSelect={() => openBuyCredits()}>
          <Coins aria-hidden="true" className="size-4 text-muted" />
          Buy More
        </MenuItem>
        {plan ? (
          <div className="flex items-center gap-2.5 px-2.5 py-1.5 text-sm">
            <Crown aria-hidden="true" className="size-4 text-amber-400" />
            <span className="text-muted">Plan</span>
            <span className="ml-auto font-semibold">{plan.tier_name}</span>
          </div>
        ) : subscription.isSuccess ? (
          <MenuItem onSelect={() => openUpgrade()}>
            <Crown aria-hidden="true" className="size-4 text-amber-400" />
            Upgrade to Pro
          </MenuItem>
        ) : null}
        <MenuSeparator />

        {menuLinks(user.id, producer, hasBeats).map((entry) =>
          entry === 'invoices' ? (
            <MenuItem key={entry} onSelect={() => openInvoices()}>
              <Receipt aria-hidden="true" className="size-4 text-muted" />
              Invoices &amp; Receipts
            </MenuItem>
          ) : (
            <MenuItem key={entry.label} asChild>
              <Link to={entry.to}>
                <entry.Icon aria-hidden="true" className="size-4 text-muted" />
                {entry.label}
              </Link>
            </MenuItem>
          ),
        )}
        {canAdminister ? (
          <MenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" className="size-4 text-amber-400" />
              Admin Panel
            </Link>
          </MenuItem>
        ) : null}

        <MenuSeparator />
        <MenuItem onSelect={() => void signOut()} className="text-red-400">
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
