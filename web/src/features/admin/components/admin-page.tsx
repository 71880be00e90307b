import { ADMIN_TEXTS } from '@beatroom/shared/admin-contract';
import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatAmount } from '@beatroom/shared/format-money';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Download, Flag, LockKeyhole, Music, Play, Receipt, ShieldAlert, Users, Wallet } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { StatTile } from '../../../components/ui/stat-tile';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { dashboardQueryOptions } from '../api';
import { BeatsTab } from './beats-tab';
import { LogsTab } from './logs-tab';
import { OrdersTab } from './orders-tab';
import { ReportsTab } from './reports-tab';
import { SettingsTab } from './settings-tab';
import { UsersTab } from './users-tab';

/** The six tabs, plus Reports and Orders (search and refund sales); `?tab=` selects one. */
export const ADMIN_TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'users', label: 'Users' },
  { id: 'beats', label: 'Beats' },
  { id: 'support', label: 'Support' },
  { id: 'settings', label: 'Settings' },
  { id: 'logs', label: 'Logs' },
  { id: 'reports', label: 'Reports' },
  { id: 'orders', label: 'Orders' },
] as const;
export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export interface AdminPageProps {
  /** The Support tab's content (the support desk's panel, composed by app/). */
  supportPanel: ReactNode;
  /** Beats featured or deleted here: the catalogue's lists must refetch. */
  onBeatsChanged?: () => void;
}

function Gate({
  icon,
  title,
  message,
  children,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-3xl border border-line bg-surface/60 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
        {icon}
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-sm text-sm text-muted">{message}</p>
      {children}
    </section>
  );
}

/**
 * /admin. Signed out: 'Access Denied' with Sign In; signed in
 * without admin rights: 'Admin Access Required'; a 403 from the dashboard (rights revoked
 * meanwhile) sends the caller home.
 */
export function AdminPage(props: AdminPageProps) {
  const { user, isPending } = useSession();
  const openSignIn = useSignInDialog((state) => state.open);
  if (isPending) {
    return (
      <div
        role="status"
        aria-label="Loading"
        className="mx-auto h-64 max-w-5xl animate-pulse rounded-3xl bg-fg/10"
      />
    );
  }
  if (!user) {
    return (
      <Gate
        icon={<LockKeyhole aria-hidden="true" className="size-7" />}
        title={ADMIN_TEXTS.accessDenied}
        message="Please sign in to access the admin panel."
      >
        <Button className="mt-2" onClick={() => openSignIn()}>
          Sign In
        </Button>
      </Gate>
    );
  }
  if (!user.isAdmin && !user.isOwner) {
    return (
      <Gate
        icon={<ShieldAlert aria-hidden="true" className="size-7" />}
        title={ADMIN_TEXTS.adminAccessRequired}
        message="You need admin privileges to access this page."
      >
        <Link to="/" className={`${buttonClasses({})} mt-2`}>
          Go Home
        </Link>
      </Gate>
    );
  }
  return <AdminPanel me={user} {...props} />;
}

function DashboardTab() {
  const stats = useQuery(dashboardQueryOptions());
  if (stats.isError && !isApiError(stats.error, 403)) {
    return <ErrorState title="The dashboard could not be loaded" onRetry={() => void stats.refetch()} />;
  }
  const s = stats.data;
  const pending = !s;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <StatTile label="Total Users" Icon={Users} value={formatNumber(s?.totalUsers ?? 0)} pending={pending} />
      <StatTile label="Total Beats" Icon={Music} value={formatNumber(s?.totalBeats ?? 0)} pending={pending} />
      <StatTile label="Total Plays" Icon={Play} value={formatNumber(s?.totalPlays ?? 0)} pending={pending} />
      <StatTile
        label="Total Downloads"
        Icon={Download}
        value={formatNumber(s?.totalDownloads ?? 0)}
        pending={pending}
      />
      <StatTile
        label="Sales (30 days)"
        Icon={Receipt}
        value={formatNumber(s?.salesLast30Days ?? 0)}
        pending={pending}
      />
      <StatTile
        label="Revenue (30 days)"
        Icon={Wallet}
        value={formatAmount(s?.revenueLast30DaysCents ?? 0, 'USD')}
        pending={pending}
      />
    </dl>
  );
}

function AdminPanel({ me, supportPanel, onBeatsChanged }: AdminPageProps & { me: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('tab');
  const tab: AdminTabId = ADMIN_TABS.some((t) => t.id === requested)
    ? (requested as AdminTabId)
    : 'dashboard';
  // The server is the judge: its 403 on the dashboard means "not an admin (any more)".
  const dashboard = useQuery(dashboardQueryOptions());
  useEffect(() => {
    if (dashboard.isError && isApiError(dashboard.error, 403)) void navigate('/', { replace: true });
  }, [dashboard.isError, dashboard.error, navigate]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Admin Panel</h1>
        <span className="rounded-full bg-fg/10 px-2.5 py-0.5 text-xs font-medium text-muted">
          {me.isOwner ? 'Owner' : 'Admin'}
        </span>
      </header>
      <div
        role="tablist"
        aria-label="Admin sections"
        className="flex gap-1 overflow-x-auto border-b border-line"
      >
        {ADMIN_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`admin-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="admin-tabpanel"
            className="inline-flex items-center gap-1.5 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:text-fg aria-selected:border-accent aria-selected:text-fg"
            onClick={() => setParams(t.id === 'dashboard' ? {} : { tab: t.id })}
          >
            {t.id === 'reports' ? <Flag aria-hidden="true" className="size-4" /> : null}
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="admin-tabpanel" aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'dashboard' ? <DashboardTab /> : null}
        {tab === 'users' ? <UsersTab me={me} /> : null}
        {tab === 'beats' ? <BeatsTab onBeatsChanged={onBeatsChanged} /> : null}
        {tab === 'support' ? supportPanel : null}
        {tab === 'settings' ? <SettingsTab /> : null}
        {tab === 'logs' ? <LogsTab /> : null}
        {tab === 'reports' ? <ReportsTab onContentRemoved={onBeatsChanged} /> : null}
        {tab === 'orders' ? <OrdersTab onBeatsChanged={onBeatsChanged} /> : null}
      </div>
    </div>
  );
}
