import type { SessionUser } from '@beatroom/shared/auth-contract';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../api';

export interface SessionState {
  /** The signed-in user, or null when signed out (or while pending). */
  user: SessionUser | null;
  /** True only while the very first user fetch runs. */
  isPending: boolean;
}

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { user: data ?? null, isPending };
}
