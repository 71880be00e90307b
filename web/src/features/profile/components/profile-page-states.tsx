import { PROFILE_RESTRICTED_MESSAGES, type ProfileRestriction } from '@beatroom/shared/settings-constants';
import { Lock, UserX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** The profile's shape while it loads. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="flex flex-col gap-6">
      <div aria-hidden="true" className="overflow-hidden rounded-3xl border border-line bg-surface/60">
        <div className="h-36 animate-pulse bg-fg/10 sm:h-52 lg:h-64" />
        <div className="px-4 pb-6 sm:px-8">
          <div className="-mt-12 size-26 animate-pulse rounded-full border-4 border-surface bg-fg/15 sm:-mt-16" />
          <div className="mt-4 h-7 w-56 animate-pulse rounded bg-fg/10" />
          <div className="mt-3 h-4 w-72 max-w-full animate-pulse rounded bg-fg/10" />
        </div>
      </div>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="h-20 animate-pulse rounded-2xl bg-fg/10" />
        ))}
      </div>
    </div>
  );
}

/** A profile that does not exist (or was removed). */
export function ProfileNotFound() {
  return (
    <section className="mx-auto flex min-h-[50dvh] max-w-lg flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-fg/5 text-muted">
        <UserX aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">Profile not found</h1>
      <p className="text-muted">This user profile doesn&apos;t exist or has been removed</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses()}>
          Browse Beats
        </Link>
        <BackButton />
      </div>
    </section>
  );
}

/**
 * What another viewer sees of a followers-only or private profile: the header
 * above, and the server's wording instead of the stats and tabs.
 */
export function RestrictedProfile({ restricted, name }: { restricted: ProfileRestriction; name: string }) {
  return (
    <EmptyState
      Icon={Lock}
      title={PROFILE_RESTRICTED_MESSAGES[restricted]}
      message={
        restricted === 'followers'
          ? `Follow ${name} to see their stats, beats, favorites and reviews.`
          : `Only ${name} can see their stats, beats, favorites and reviews.`
      }
    />
  );
}
