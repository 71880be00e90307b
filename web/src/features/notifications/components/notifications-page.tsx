import type { SessionUser } from '@beatroom/shared/auth-contract';
import { NOTIFICATION_READ_FILTERS } from '@beatroom/shared/community-contract';
import { NOTIFICATION_TYPES, type NotificationType } from '@beatroom/shared/community-constants';
import { UI } from '@beatroom/shared/limits';
import { formatTimeAgo } from '@beatroom/shared/format-dates';
import type { Notification } from '@beatroom/shared/realtime-objects-contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, ChevronRight, LoaderCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import {
  notificationPagesQueryOptions,
  notificationTarget,
  unreadCountQueryOptions,
  type NotificationFilters,
} from '../api';
import { useMarkAllRead, useOpenNotification } from '../hooks/use-notification-actions';
import { NOTIFICATION_TYPE_LABELS, NotificationIcon } from './notification-icon';

type ReadFilter = (typeof NOTIFICATION_READ_FILTERS)[number];

const READ_LABELS: Record<ReadFilter, string> = { all: 'All', unread: 'Unread', read: 'Read' };
const READ_ORDER: ReadFilter[] = ['all', 'unread', 'read'];

const selectClasses =
  'h-10 rounded-xl border border-line bg-surface/80 px-3 text-sm text-fg transition-colors hover:border-fg/25 focus:border-accent focus:outline-none';

/** The filters live in the address (?read=unread&type=new_beat), so Back keeps them. */
function useNotificationFilters(): [NotificationFilters, (next: NotificationFilters) => void] {
  const [params, setParams] = useSearchParams();
  const read = NOTIFICATION_READ_FILTERS.find((value) => value === params.get('read')) ?? 'all';
  const type = NOTIFICATION_TYPES.find((value) => value === params.get('type'));
  const set = (next: NotificationFilters) => {
    const search = new URLSearchParams();
    if (next.read !== 'all') search.set('read', next.read);
    if (next.type) search.set('type', next.type);
    setParams(search, { replace: true });
  };
  return [{ read, type }, set];
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = !notification.read_at;
  const leads = notificationTarget(notification) !== null;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-unread={unread ? '' : undefined}
        className="group flex w-full items-start gap-3 rounded-2xl border border-line bg-surface/60 p-3.5 text-left transition-colors hover:border-fg/20 hover:bg-fg/5 data-[unread]:border-accent/40 data-[unread]:bg-accent/10 sm:gap-4 sm:p-4"
      >
        <NotificationIcon type={notification.type} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-center gap-2">
            <span className={`min-w-0 truncate ${unread ? 'font-semibold' : 'font-medium'}`}>
              {notification.title}
            </span>
            {unread ? (
              <span className="shrink-0 rounded-full bg-accent px-1.5 py-px text-[10px] font-bold tracking-wide text-accent-fg uppercase">
                New
              </span>
            ) : null}
          </span>
          <span className="text-sm break-words text-muted">{notification.message}</span>
          <span className="mt-0.5 text-xs text-muted numeric">{formatTimeAgo(notification.created_at)}</span>
        </span>
        {leads ? (
          <ChevronRight
            aria-hidden="true"
            className="mt-2.5 size-4 shrink-0 text-muted transition-transform group-hover:translate-x-0.5"
          />
        ) : null}
      </button>
    </li>
  );
}

function RowSkeletons() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {Array.from({ length: UI.SKELETON_ROWS }, (_, index) => (
        <li key={index} className="flex items-start gap-4 rounded-2xl border border-line bg-surface/60 p-4">
          <div className="size-10 shrink-0 animate-pulse rounded-full bg-fg/10" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-1/2 animate-pulse rounded bg-fg/10" />
            <div className="h-3.5 w-5/6 animate-pulse rounded bg-fg/10" />
            <div className="h-3 w-20 animate-pulse rounded bg-fg/10" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function NoNotifications({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyState Icon={BellOff} title="No notifications yet">
      <p className="max-w-sm text-sm text-muted">
        {filtered
          ? 'Nothing matches these filters.'
          : 'Follow producers and upload beats: new followers, beats and reviews show up here.'}
      </p>
      {filtered ? (
        <Button variant="secondary" onClick={onClear}>
          Show all notifications
        </Button>
      ) : (
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Browse Beats
        </Link>
      )}
    </EmptyState>
  );
}

/** /notifications: filters, the list page by page, Mark all read. */
export function NotificationsPage({ user }: { user: SessionUser }) {
  const [filters, setFilters] = useNotificationFilters();
  const list = useInfiniteQuery(notificationPagesQueryOptions(user.id, filters));
  const unread = useQuery(unreadCountQueryOptions(user.id));
  const openNotification = useOpenNotification(user.id);
  const markAll = useMarkAllRead(user.id);
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const filtered = filters.read !== 'all' || filters.type !== undefined;
  const unreadCount = unread.data ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div>
        <BackButton />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-sm text-muted numeric">
            {unreadCount > 0 ? `${unreadCount} unread` : 'You are all caught up'}
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => markAll.mutate()}
          disabled={markAll.isPending || (unreadCount === 0 && !notifications.some((n) => !n.read_at))}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark all read
        </Button>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label="Read status"
          className="inline-flex rounded-full border border-line bg-surface/70 p-1"
        >
          {READ_ORDER.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filters.read === value}
              onClick={() => setFilters({ ...filters, read: value })}
              className="h-8 rounded-full px-4 text-sm font-medium text-muted transition-colors hover:text-fg aria-pressed:bg-accent aria-pressed:text-accent-fg"
            >
              {READ_LABELS[value]}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-muted">
          Type
          <select
            className={selectClasses}
            value={filters.type ?? ''}
            onChange={(event) =>
              setFilters({
                ...filters,
                type: NOTIFICATION_TYPES.find((value) => value === event.target.value) as
                  NotificationType | undefined,
              })
            }
          >
            <option value="">All types</option>
            {NOTIFICATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {NOTIFICATION_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isPending ? (
        <div role="status" aria-label="Loading notifications">
          <RowSkeletons />
        </div>
      ) : notifications.length === 0 ? (
        <NoNotifications filtered={filtered} onClear={() => setFilters({ read: 'all', type: undefined })} />
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col gap-2">
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                onOpen={() => openNotification(notification)}
              />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : null}
                {list.isFetchingNextPage ? 'Loading...' : 'Load More'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
