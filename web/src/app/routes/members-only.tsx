import type { SessionUser } from '@beatroom/shared/auth-contract';
import { Suspense, type ReactNode } from 'react';
import { useSession } from '../../features/session/hooks/use-session';
import { lazyPage } from '../lazy-page';
import type { SignInPromptProps } from './sign-in-prompt';

// A visitor's prompt (and the route table's texts for it) loads only when a visitor needs one.
const SignInPrompt = lazyPage(() => import('./sign-in-prompt'), 'SignInPrompt');

export type MembersOnlyProps = SignInPromptProps & {
  /** The page, for the signed-in user. */
  children: (user: SessionUser) => ReactNode;
};

function Pending() {
  return (
    <div
      role="status"
      aria-label="Loading"
      className="mx-auto h-64 max-w-3xl animate-pulse rounded-3xl bg-fg/10"
    />
  );
}

/**
 * A members-only page. Visitors get a prompt saying what the page is for (`title` and
 * `description`, or one of the route table's named `prompt`s, sign-in-prompts.ts) whose button
 * opens the sign-in dialog; nothing opens by itself, so signing out on such a page does not pop
 * the dialog up on the way home.
 */
export function MembersOnly({ children, ...prompt }: MembersOnlyProps) {
  const { user, isPending } = useSession();
  if (isPending) return <Pending />;
  if (user) return <>{children(user)}</>;
  return (
    <Suspense fallback={<Pending />}>
      <SignInPrompt {...prompt} />
    </Suspense>
  );
}
