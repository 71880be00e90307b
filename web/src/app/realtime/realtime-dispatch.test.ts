import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useActivityFeedStore } from '../../features/activity/store/activity-feed-store';
import { challengeKeys } from '../../features/challenges/api';
import { collaborationKeys } from '../../features/collaborations/api';
import { creditsKeys } from '../../features/credits/api';
import { downloadsKeys } from '../../features/downloads/api';
import { earningsKeys } from '../../features/earnings/api';
import { invoiceKeys } from '../../features/invoices/api';
import { notificationTarget } from '../../features/notifications/api';
import { TOAST_EVENT } from '../../lib/toast';
import { listener, makeActivity, makeNotification, producer } from '../../test/fixtures';
import { createTestQueryClient } from '../../test/render';
import { dispatchServerMessage } from './realtime-dispatch';

const BEAT = '11111111-1111-4111-8111-111111111111';

/** A client with the money caches of `userId` filled, and which of them went stale. */
function cachesOf(userId: string) {
  const queryClient = createTestQueryClient();
  const keys = {
    earnings: earningsKeys.user(userId),
    history: downloadsKeys.history(userId),
    purchases: downloadsKeys.purchases(userId),
    invoices: invoiceKeys.page(userId, 1),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  const dispatch = (message: ServerMessage) =>
    dispatchServerMessage(message, { queryClient, userId, openNotification: vi.fn() });
  return { dispatch, stale };
}

const toast = vi.fn();
beforeEach(() => {
  window.addEventListener(TOAST_EVENT, toast);
  useActivityFeedStore.getState().reset();
});
afterEach(() => {
  window.removeEventListener(TOAST_EVENT, toast);
  toast.mockReset();
});

describe('realtime dispatch of sales', () => {
  it('refreshes the producer’s earnings on a live "New sale", and toasts it', () => {
    const { dispatch, stale } = cachesOf(producer.id);
    const notification = makeNotification({
      type: 'new_sale',
      title: 'New sale',
      message: 'Fan Tastic bought a Premium licence for Midnight Run ($59.98 to you)',
      data: { beatId: BEAT },
    });
    dispatch({ type: 'notification', data: { type: 'new_notification', notification } });

    expect(stale()).toEqual(['earnings']);
    expect(toast).toHaveBeenCalledTimes(1);
    expect((toast.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({ title: 'New sale' });
  });

  it('refreshes the balance and the challenges when a challenge the user entered closes', () => {
    const queryClient = createTestQueryClient();
    const credits = creditsKeys.user(listener.id);
    const challenge = [...challengeKeys.all, 'detail', 'c-1', listener.id];
    queryClient.setQueryData(credits, {});
    queryClient.setQueryData(challenge, {});
    const notification = makeNotification({
      type: 'challenge_result',
      title: 'You won a challenge!',
      data: { challengeId: 'c-1' },
    });
    dispatchServerMessage(
      { type: 'notification', data: { type: 'new_notification', notification } },
      { queryClient, userId: listener.id, openNotification: vi.fn() },
    );
    expect(queryClient.getQueryState(credits)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(challenge)?.isInvalidated).toBe(true);
  });

  it.each(['collaboration_response', 'collaboration_accepted'] as const)(
    'refreshes the board request, whose View opens it, on %s',
    (type) => {
      const queryClient = createTestQueryClient();
      const responses = collaborationKeys.responses('r-1');
      queryClient.setQueryData(responses, { responses: [] });
      const notification = makeNotification({
        type,
        title: 'Collaboration',
        data: { collaborationId: 'r-1' },
      });
      expect(notificationTarget(notification)).toBe('/collaborations/r-1');
      dispatchServerMessage(
        { type: 'notification', data: { type: 'new_notification', notification } },
        { queryClient, userId: listener.id, openNotification: vi.fn() },
      );
      expect(queryClient.getQueryState(responses)?.isInvalidated).toBe(true);
    },
  );

  it('leaves the earnings alone for other notifications', () => {
    const { dispatch, stale } = cachesOf(producer.id);
    const notification = makeNotification({
      type: 'beat_review',
      title: 'New review',
      data: { beatId: BEAT },
    });
    dispatch({ type: 'notification', data: { type: 'new_notification', notification } });
    expect(stale()).toEqual([]);
  });

  it('refreshes the buyer’s purchases, downloads and invoices when their own purchase goes by', () => {
    const { dispatch, stale } = cachesOf(listener.id);
    const activity = makeActivity({ type: 'beat_purchased', userId: listener.id, targetId: BEAT });
    dispatch({ type: 'activity', data: { type: 'new_activity', activity } });
    expect(stale()).toEqual(['history', 'purchases', 'invoices']);
  });

  it('does not touch anyone else’s caches for someone else’s purchase', () => {
    const { dispatch, stale } = cachesOf(listener.id);
    const activity = makeActivity({ type: 'beat_purchased', userId: producer.id, targetId: BEAT });
    dispatch({ type: 'activity', data: { type: 'new_activity', activity } });
    expect(stale()).toEqual([]);
  });
});

describe('a support message', () => {
  it("marks the member's and the desk's caches of that ticket stale, and nothing else", async () => {
    const { supportKeys } = await import('../../features/support/api');
    const { deskKeys } = await import('../../features/support-desk/api');
    const queryClient = createTestQueryClient();
    const keys = {
      memberTicket: supportKeys.ticket('T-000123'),
      memberMessages: supportKeys.messages('T-000123'),
      memberList: supportKeys.tickets,
      deskTicket: deskKeys.ticket('T-000123'),
      deskStats: deskKeys.stats,
      otherTicket: supportKeys.ticket('T-000999'),
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
    dispatchServerMessage(
      { type: 'support', data: { type: 'ticket_message', ticket_number: 'T-000123' } },
      { queryClient, userId: listener.id, openNotification: vi.fn() },
    );
    const stale = Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(['memberTicket', 'memberMessages', 'memberList', 'deskTicket', 'deskStats']);
  });
});
