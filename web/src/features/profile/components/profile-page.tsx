import { displayName } from '@beatroom/shared/format-names';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Deferred } from '../../../components/ui/deferred';
import { ErrorState } from '../../../components/ui/error-state';
import { MountedOnceOpen } from '../../../components/ui/mounted-once-open';
import { useDocumentHead } from '../../../lib/document-head';
import { useSession } from '../../session/hooks/use-session';
import { isNotFound, profileQueryOptions } from '../api';
import { ProfileHeader } from './profile-header';
import type { ProfilePageSlots } from './profile-page-slots';
import { ProfileNotFound, ProfileSkeleton, RestrictedProfile } from './profile-page-states';
import { FavoriteGenres, ProfileStats } from './profile-stats';
import { ProfileTabs, tabFromSearch, type ProfileTabsProps } from './profile-tabs';

// The editor (with its form's schema, and zod) loads when the owner first opens it: most who
// see a profile are visitors.
const EditProfileDialog = lazy(() =>
  import('./edit-profile-dialog').then((m) => ({ default: m.EditProfileDialog })),
);

/**
 * /profile/{userId}?tab=uploads|favorites|reviews. The beat cards and
 * Manage Beat come in through `slots` (app/routes/profile-route.tsx composes them).
 */
export function ProfilePage({ slots }: { slots: ProfilePageSlots }) {
  const { userId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const profile = useQuery(profileQueryOptions(userId));
  const [editing, setEditing] = useState(false);
  const shown = profile.data?.profile;
  const name = shown ? displayName(shown.display_name, shown.user_id) : null;
  useDocumentHead(
    shown && name
      ? {
          title: `${name} · Beatroom`,
          description: shown.bio?.trim() || `${name}'s beats, reviews and favourites on Beatroom.`,
        }
      : null,
  );

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (isNotFound(profile.error)) return <ProfileNotFound />;
    return (
      <ErrorState
        title="Could not load this profile"
        retryLabel="Retry"
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }

  const data = profile.data;
  const isOwner = user?.id === data.profile.user_id;
  const showUploads = isOwner || data.beats_count > 0;
  const tab = tabFromSearch(params.get('tab'), showUploads, isOwner);
  const selectTab = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === 'beats') search.delete('tab');
    else search.set('tab', next);
    setParams(search, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex flex-col gap-6">
      <ProfileHeader
        data={data}
        viewerId={user?.id ?? null}
        viewerPicture={user?.picture}
        onEditProfile={() => setEditing(true)}
        visitorActions={slots.reportButton?.(data.profile.user_id)}
      />
      {data.restricted && !isOwner ? (
        <RestrictedProfile
          restricted={data.restricted}
          name={displayName(data.profile.display_name, data.profile.user_id)}
        />
      ) : (
        <ProfileContent
          data={data}
          isOwner={isOwner}
          slots={slots}
          tab={tab}
          selectTab={selectTab}
          showUploads={showUploads}
        />
      )}

      {isOwner ? (
        <MountedOnceOpen open={editing}>
          <EditProfileDialog profile={data.profile} open={editing} onOpenChange={setEditing} />
        </MountedOnceOpen>
      ) : null}
    </div>
  );
}

/** The stats, genres and tabs of a profile the viewer may see in full. */
function ProfileContent(props: ProfileTabsProps) {
  const { data, slots } = props;
  return (
    <>
      <ProfileStats data={data} />
      {slots.deal?.(data.profile.user_id)}
      <FavoriteGenres genres={data.favorite_genres} />
      {/* The tabs and their cards after the header and stats (and the first style pass of their
          content, which Radix's Presence forces while the update runs). */}
      <Deferred
        fallback={
          <div className="flex flex-col gap-5">
            <div
              aria-hidden="true"
              className="h-[2.875rem] w-72 max-w-full animate-pulse rounded-full bg-fg/10"
            />
            {slots.beatGridSkeleton()}
          </div>
        }
      >
        <ProfileTabs {...props} />
      </Deferred>
    </>
  );
}
