import { AudioWaveform } from 'lucide-react';
import { Link } from 'react-router-dom';
import { COMMUNITY_LINKS, JOIN_SESSION_LINK } from './community-links';

interface FooterColumn {
  title: string;
  links: readonly { label: string; to: string }[];
}

const COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Browse',
    links: [
      { label: 'All Beats', to: '/' },
      { label: 'Free Beats', to: '/?free=true' },
      { label: 'Featured Beats', to: '/?featured=true' },
    ],
  },
  { title: 'Community', links: [...COMMUNITY_LINKS, JOIN_SESSION_LINK] },
  {
    title: 'Help',
    links: [
      { label: 'Support Center', to: '/support' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
    ],
  },
];

const link = 'inline-flex min-h-6 items-center text-sm text-muted hover:text-fg hover:underline';

/**
 * The foot of every page: the sections of the site (so every area has a link, not only a URL),
 * support, and the Terms of Service and Privacy Policy the sign-in dialog refers to.
 */
export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-bg/60">
      <div className="mx-auto grid max-w-screen-2xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="flex flex-col gap-3">
          <Link to="/" className="flex items-center gap-2.5 self-start rounded-lg">
            <span className="inline-flex size-8 items-center justify-center rounded-xl bg-linear-to-br from-violet-500 to-indigo-600 text-white">
              <AudioWaveform aria-hidden="true" className="size-4" />
            </span>
            <span className="font-bold tracking-tight">Beatroom</span>
          </Link>
          <p className="max-w-xs text-sm text-muted">
            Premium Beat Marketplace: beats and licences from independent producers, and a studio to record
            over them.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="flex flex-col gap-2">
            <h2 className="text-xs font-semibold tracking-wider text-muted uppercase">{column.title}</h2>
            <ul className="flex flex-col gap-1">
              {column.links.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={link}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="mx-auto max-w-screen-2xl px-4 pb-8 text-xs text-muted sm:px-6 lg:px-8">
        © {new Date().getFullYear()} Beatroom. Payments by Stripe.
      </p>
    </footer>
  );
}
