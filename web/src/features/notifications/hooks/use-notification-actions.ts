import type { Notification } from '@beatroom/shared/realtime-objects-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../../lib/toast';
import {
  markAllNotificationsRead,
  markAllReadInCache,
  markNotificationRead,
  markReadInCache,
  notificationKeys,
  notificationTarget,
  setUnreadCount,
} from '../api';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opening a notification (bell or page): it is shown read at once and marked read on the
 * server, then the app goes where it leads. A failed mark is logged; the next refetch shows
 * the truth.
 */
export function useOpenNotification(userId: string): (notification: Notification) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const markRead = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: (id) => markReadInCache(queryClient, userId, id, new Date().toISOString()),
    onSuccess: (count) => setUnreadCount(queryClient, userId, count),
    onError: (error) => {
      console.error(`Failed to mark a notification read: ${describe(error)}`);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) });
    },
  });
  const { mutate } = markRead;

  return useCallback(
    (notification: Notification) => {
      if (!notification.read_at) mutate(notification.id);
      const target = notificationTarget(notification);
      if (target) void navigate(target);
    },
    [mutate, navigate],
  );
}

/** "Mark all read": every cached notification read and the count at zero, then the server. */
export function useMarkAllRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      const previousCount = queryClient.getQueryData<number>(notificationKeys.unreadCount(userId));
      markAllReadInCache(queryClient, userId, new Date().toISOString());
      setUnreadCount(queryClient, userId, 0);
      return { previousCount };
    },
    onSuccess: (count) => setUnreadCount(queryClient, userId, count),
    onError: (error, _vars, context) => {
      if (context?.previousCount !== undefined) setUnreadCount(queryClient, userId, context.previousCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) });
      showToast({ type: 'error', title: 'Could not mark notifications read', message: describe(error) });
    },
  });
}
