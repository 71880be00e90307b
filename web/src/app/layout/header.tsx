import { AudioWaveform } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { CartButton } from '../../features/cart/components/cart-button';
import { useSession } from '../../features/session/hooks/use-session';
import { ThemeSwitch } from '../../features/theme/components/theme-switch';
import { useSaveThemeSetting } from '../../features/theme/hooks/use-save-theme-setting';
import { usePlatform } from '../../lib/platform';
import { CommunityMenu } from './community-menu';
import { GenresMenu } from './genres-menu';
import { lazyPage } from '../lazy-page';

const navItem =
  'inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:bg-fg/10 hover:text-fg aria-[current=page]:bg-fg/10 aria-[current=page]:text-fg';

// Only signed-in users have these (and their menus, dialogs and upload form): loaded on sign-in.
const MemberControls = lazyPage(() => import('./member-controls'), 'MemberControls');

function SessionControl() {
  const { user, isPending } = useSession();
  // A neutral shape while the first user fetch runs, so Sign In does not flash for members.
  const placeholder = <span aria-hidden="true" className="h-9 w-24 animate-pulse rounded-full bg-fg/10" />;
  if (isPending) return placeholder;
  if (!user) return <SignInButton />;
  return (
    <Suspense fallback={placeholder}>
      <MemberControls user={user} />
    </Suspense>
  );
}

export function Header() {
  const { pathname, search } = useLocation();
  const saveTheme = useSaveThemeSetting();
  const params = new URLSearchParams(search);
  const onHome = pathname === '/';
  const browsingFree = onHome && params.get('free') === 'true';
  const browsingAll = onHome && !browsingFree && !params.has('genre');
  // The desktop app's local library; the web has none.
  const { library } = usePlatform();

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-bg/75 backdrop-blur-xl">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 sm:px-6 lg:px-8">
        {/* Named by its visible text (WCAG 2.5.3): "Beatroom", then the tagline where shown. */}
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-lg">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-violet-500 to-indigo-600 text-white shadow-lg shadow-violet-900/40">
            <AudioWaveform aria-hidden="true" className="size-5" />
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="text-lg font-bold tracking-tight">Beatroom</span>
            <span className="hidden truncate text-xs text-muted sm:block">Premium Beat Marketplace</span>
          </span>
        </Link>

        {/* On phones the nav takes a row of its own under the logo and account controls. */}
        <nav
          aria-label="Main"
          className="order-last -mx-1 flex w-full items-center gap-1 overflow-x-auto pb-1 md:order-none md:mx-0 md:w-auto md:pb-0"
        >
          <Link to="/" className={navItem} aria-current={browsingAll ? 'page' : undefined}>
            Browse
          </Link>
          <GenresMenu className={navItem} />
          <Link to="/?free=true" className={navItem} aria-current={browsingFree ? 'page' : undefined}>
            Free Beats
          </Link>
          <CommunityMenu className={navItem} />
          {library ? (
            <Link
              to="/library"
              className={navItem}
              aria-current={pathname === '/library' ? 'page' : undefined}
            >
              Library
            </Link>
          ) : null}
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeSwitch onPick={saveTheme} />
          <CartButton />
          <SessionControl />
        </div>
      </div>
    </header>
  );
}
