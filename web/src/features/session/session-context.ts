import { createContext, useContext } from 'react';
import type { SessionState } from './hooks/use-session';
import type { UserSettingsState } from './hooks/use-user-settings';

/** Who is signed in and their settings, read once for the whole app by SessionProvider. */
export interface SessionContextValue {
  session: SessionState;
  settings: UserSettingsState;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The provider's value; a component outside SessionProvider is a wiring mistake. */
export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession and useUserSettings need a <SessionProvider> above them');
  return value;
}
