import type { SessionUser } from '@beatroom/shared/auth-contract';
import { useSessionContext } from '../session-context';

export interface SessionState {
  /** The signed-in user, or null when signed out (or while pending). */
  user: SessionUser | null;
  /** True only while the very first user fetch runs. */
  isPending: boolean;
}

/** Who is signed in, as SessionProvider read it. */
export function useSession(): SessionState {
  return useSessionContext().session;
}
