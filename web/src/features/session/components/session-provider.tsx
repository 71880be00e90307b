import { USER_SETTINGS_DEFAULTS } from '@beatroom/shared/settings-constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { sessionQueryOptions } from '../api';
import { SessionContext, type SessionContextValue } from '../session-context';
import { userSettingsQueryOptions } from '../user-settings-api';

/**
 * Reads the session and the signed-in user's settings once, for every component below. Each
 * price, like button and menu used to observe both queries itself: a page of 48 cards made
 * hundreds of query observers, whose subscriptions took a phone's main thread for tenths of a
 * second. Sign-in, sign-out and saves still go through the queries, so every reader
 * follows at once.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Asked at the first render, not in the query's effect (which runs after every child's), so
  // the session is requested before any page's own queries, as when each page observed it.
  useState(() => void queryClient.prefetchQuery(sessionQueryOptions()));
  const session = useQuery(sessionQueryOptions());
  const user = session.data ?? null;
  const settings = useQuery({ ...userSettingsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const own = user ? settings.data : undefined;
  const sessionPending = session.isPending;
  const settingsPending = Boolean(user) && settings.isPending;
  const value = useMemo<SessionContextValue>(
    () => ({
      session: { user, isPending: sessionPending },
      settings: {
        // The contract's DEFAULT_USER_SETTINGS, from the zod-free constants.
        settings: own ?? USER_SETTINGS_DEFAULTS,
        isLoaded: Boolean(own),
        isPending: sessionPending || settingsPending,
      },
    }),
    [user, sessionPending, own, settingsPending],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
