import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { formatBadgeCount } from '@beatroom/shared/format-numbers';
import { UI } from '@beatroom/shared/limits';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MenuContent, MenuItem, MenuSeparator } from '../../../components/ui/dropdown-menu';
import { latestNotificationsQueryOptions, unreadCountQueryOptions } from '../api';
import { useMarkAllRead, useOpenNotification } from '../hooks/use-notification-actions';
import { NotificationIcon } from './notification-icon';

/** The bell's accessible name: the unread count is part of it, as the badge is for the eye. */
export function bellLabel(count: number): string {
  const badge = formatBadgeCount(count);
  return badge ? `Notifications (${badge} unread)` : 'Notifications';
}

function LatestSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-1 p-1.5">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex items-start gap-3 rounded-lg px-2.5 py-2">
          <div className="size-8 shrink-0 animate-pulse rounded-full bg-fg/10" />
          <div className="flex flex-1 flex-col gap-1.5">
            <div className="h-3.5 w-2/3 animate-pulse rounded bg-fg/10" />
            <div className="h-3 w-full animate-pulse rounded bg-fg/10" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The header's notification bell: the unread badge (99+ above 99, hidden at
 * 0; polled every 30 s and pushed over the socket), and a dropdown with the latest 10, Mark
 * all read and View All Notifications. Opening one marks it read and goes where it leads.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadCountQueryOptions(userId));
  const count = unread.data ?? 0;
  const badge = formatBadgeCount(count);
  // The list loads when the dropdown opens; pushed notifications are added to it meanwhile.
  const latest = useQuery({ ...latestNotificationsQueryOptions(userId), enabled: open });
  const openNotification = useOpenNotification(userId);
  const markAll = useMarkAllRead(userId);
  const notifications = latest.data ?? [];
  const hasUnread = count > 0 || notifications.some((n) => !n.read_at);

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger
        aria-label={bellLabel(count)}
        className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg data-[state=open]:bg-fg/10 data-[state=open]:text-fg"
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-500 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-bg numeric"
          >
            {badge}
          </span>
        ) : null}
      </DropdownMenu.Trigger>

      <MenuContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-3 px-3.5 pt-3 pb-2">
          <DropdownMenu.Label className="text-base font-semibold">Notifications</DropdownMenu.Label>
          <MenuItem
            disabled={!hasUnread || markAll.isPending}
            // Stays open, so the list can be seen turning read.
            onSelect={(event) => {
              event.preventDefault();
              markAll.mutate();
            }}
            className="w-auto! shrink-0 px-2 py-1 text-xs font-semibold text-accent"
          >
            <CheckCheck aria-hidden="true" className="size-3.5" />
            Mark all read
          </MenuItem>
        </div>
        <MenuSeparator className="my-0" />

        <div className="max-h-[min(26rem,60dvh)] overflow-y-auto p-1.5">
          {latest.isPending ? (
            <LatestSkeleton />
          ) : notifications.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted">
              <BellOff aria-hidden="true" className="size-6" />
              No notifications yet
            </div>
          ) : (
            notifications.slice(0, UI.NOTIFICATION_DROPDOWN_LIMIT).map((notification) => (
              <MenuItem
                key={notification.id}
                onSelect={() => openNotification(notification)}
                data-unread={notification.read_at ? undefined : ''}
                className="items-start gap-3 data-[unread]:bg-accent/10 data-[unread]:data-[highlighted]:bg-accent/20"
              >
                <NotificationIcon type={notification.type} size="sm" />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className={`truncate ${notification.read_at ? 'font-medium' : 'font-semibold'}`}>
                    {notification.title}
                    {notification.read_at ? null : <span className="sr-only"> (unread)</span>}
                  </span>
                  <span className="line-clamp-2 text-xs text-muted">{notification.message}</span>
                  <span className="text-[11px] text-muted numeric">
                    {formatTimeAgo(notification.created_at)}
                  </span>
                </span>
                {notification.read_at ? null : (
                  <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" />
                )}
              </MenuItem>
            ))
          )}
        </div>

        <MenuSeparator className="my-0" />
        <div className="p-1.5">
          <MenuItem asChild className="justify-center font-semibold text-accent">
            <Link to="/notifications">View All Notifications</Link>
          </MenuItem>
        </div>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
