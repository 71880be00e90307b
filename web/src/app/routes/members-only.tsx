import type { SessionUser } from '@beatroom/shared/auth-contract';
import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useSession } from '../../features/session/hooks/use-session';
import { useSignInDialog } from '../../features/session/store/sign-in-dialog-store';

export interface MembersOnlyProps {
  /** What the visitor would see here, e.g. "Sign in to see your notifications". */
  title: string;
  description: string;
  /** The page, for the signed-in user. */
  children: (user: SessionUser) => ReactNode;
}

/**
 * A members-only page (visitors see a sign-in dialog or prompt). Visitors get
 * a prompt whose button opens the sign-in dialog; nothing opens by itself, so signing out on
 * such a page does not pop the dialog up on the way home.
 */
export function MembersOnly({ title, description, children }: MembersOnlyProps) {
  const { user, isPending } = useSession();
  const openSignIn = useSignInDialog((state) => state.open);

  if (isPending) {
    return (
      <div
        role="status"
        aria-label="Loading"
        className="mx-auto h-64 max-w-3xl animate-pulse rounded-3xl bg-fg/10"
      />
    );
  }
  if (user) return <>{children(user)}</>;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-3xl border border-line bg-surface/60 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent/15 text-accent">
        <LockKeyhole aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-sm text-sm text-muted">{description}</p>
      <Button className="mt-2" onClick={() => openSignIn()}>
        Sign In
      </Button>
    </section>
  );
}
