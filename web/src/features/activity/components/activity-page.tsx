import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { ConnectionStatus } from '@beatroom/shared/community-constants';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Mic, RefreshCw, Trophy, Upload, Wifi, WifiOff, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { Button } from '../../../components/ui/button';
import { PanelSection } from '../../../components/ui/panel-section';
import { activityListQueryOptions, type ActivityScope } from '../api';
import { ActivityItemRow, ActivitySkeletonRows } from './activity-item-row';

const TABS: { scope: ActivityScope; label: string; empty: string }[] = [
  { scope: 'global', label: 'Global', empty: 'No recent activity' },
  // The original Following tab showed everything; the API filters for real.
  { scope: 'following', label: 'Following', empty: 'No recent activity from people you follow' },
  { scope: 'mine', label: 'Your Activity', empty: 'No recent activity of yours yet' },
];

const BANNER: Record<ConnectionStatus, { text: string; className: string; Icon: LucideIcon }> = {
  connected: {
    text: 'Live: new activity appears as it happens',
    className: 'border-emerald-500/30 bg-emerald-500/10 text-emerald-300',
    Icon: Wifi,
  },
  connecting: {
    text: 'Connecting to the live feed...',
    className: 'border-sky-500/30 bg-sky-500/10 text-sky-300',
    Icon: Wifi,
  },
  disconnected: {
    text: 'Offline: reconnecting to the live feed',
    className: 'border-amber-500/30 bg-amber-500/10 text-amber-300',
    Icon: WifiOff,
  },
  error: {
    text: 'Offline: the live feed could not connect',
    className: 'border-red-500/30 bg-red-500/10 text-red-300',
    Icon: WifiOff,
  },
};

/**
 * The realtime connection as the activity screens see it: its status, and a way to retry after
 * it gave up. app/ passes it in from the realtime feature.
 */
export interface LiveConnection {
  status: ConnectionStatus;
  reconnect: () => void;
}

/** The page's live connection banner: the realtime status, and a way to retry after giving up. */
function ConnectionBanner({ connection: { status, reconnect } }: { connection: LiveConnection }) {
  const { text, className, Icon } = BANNER[status];
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center gap-3 rounded-2xl border px-4 py-3 text-sm ${className}`}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1 font-medium">{text}</span>
      {status === 'error' ? (
        <Button variant="secondary" size="sm" onClick={reconnect}>
          <RefreshCw aria-hidden="true" className="size-3.5" />
          Reconnect
        </Button>
      ) : null}
    </div>
  );
}

function ActivityList({ userId, scope, empty }: { userId: string; scope: ActivityScope; empty: string }) {
  const list = useQuery(activityListQueryOptions(userId, scope));
  if (list.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading activity"
        className="rounded-2xl border border-line bg-surface/60"
      >
        <ActivitySkeletonRows count={6} />
      </div>
    );
  }
  const items = list.data ?? [];
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line px-6 py-14 text-center">
        <p className="font-semibold">{empty}</p>
        <p className="max-w-sm text-sm text-muted">
          Uploads, follows and ratings show up here the moment they happen.
        </p>
        <Link to="/" className="text-sm font-semibold text-accent hover:underline">
          Browse Beats
        </Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface/60">
      {items.map((item) => (
        <ActivityItemRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function QuickAction({
  to,
  Icon,
  label,
  hint,
}: {
  to: string;
  Icon: LucideIcon;
  label: string;
  hint: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 rounded-2xl border border-line bg-fg/5 p-3 transition-colors hover:border-accent/50 hover:bg-accent/10"
      >
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block font-semibold">{label}</span>
          <span className="block text-xs text-muted">{hint}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * /activity: the live connection banner, the Global, Following and Your
 * Activity tabs, and Quick Actions beside them.
 */
export function ActivityPage({ user, connection }: { user: SessionUser; connection: LiveConnection }) {
  return (
    <div className="flex flex-col gap-5">
      <div>
        <BackButton />
      </div>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Activity</h1>
        <p className="mt-1 text-sm text-muted">
          What the community is uploading, following and rating right now.
        </p>
      </div>
      <ConnectionBanner connection={connection} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Tabs.Root defaultValue="global" className="flex min-w-0 flex-col gap-4">
          <Tabs.List
            aria-label="Activity"
            className="inline-flex w-full gap-1 self-start overflow-x-auto rounded-full border border-line bg-surface/70 p-1 sm:w-auto"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.scope}
                value={tab.scope}
                className="h-9 flex-1 rounded-full px-4 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:text-fg data-[state=active]:bg-accent data-[state=active]:text-accent-fg sm:flex-none"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab.scope} value={tab.scope} className="outline-none">
              <ActivityList userId={user.id} scope={tab.scope} empty={tab.empty} />
            </Tabs.Content>
          ))}
        </Tabs.Root>

        <PanelSection as="aside" title="Quick Actions">
          <ul className="mt-3 flex flex-col gap-2">
            <QuickAction
              to="/upload"
              Icon={Upload}
              label="Upload New Beat"
              hint="Share a beat with your followers"
            />
            {/* The studio records over one beat, so it opens from a beat: pick one first. */}
            <QuickAction to="/" Icon={Mic} label="Open Studio" hint="Pick a beat, then press Record Vocals" />
            <QuickAction to="/challenges" Icon={Trophy} label="View Challenges" hint="Compete for credits" />
          </ul>
        </PanelSection>
      </div>
    </div>
  );
}
