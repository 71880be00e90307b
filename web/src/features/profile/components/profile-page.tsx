import type { Beat } from '@beatroom/shared/beats-contract';
import type { ProfileResponse } from '@beatroom/shared/community-contract';
import { PROFILE_RESTRICTED_MESSAGES, type ProfileRestriction } from '@beatroom/shared/settings-contract';
import { displayName } from '@beatroom/shared/format-names';
import { formatNumber } from '@beatroom/shared/format-numbers';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Heart, Lock, Music, UserX } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { BackButton } from '../../../components/ui/back-button';
import { buttonClasses } from '../../../components/ui/button';
import { Deferred } from '../../../components/ui/deferred';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useDocumentHead } from '../../../lib/document-head';
import { useSession } from '../../session/hooks/use-session';
import { isNotFound, profileQueryOptions, userFavoritesQueryOptions } from '../api';
import { EditProfileDialog } from './edit-profile-dialog';
import { ProfileHeader } from './profile-header';
import type { ProfilePageSlots } from './profile-page-slots';
import { FavoriteGenres, ProfileStats } from './profile-stats';
import { ReviewsList } from './reviews-list';
import { UploadsList } from './uploads-list';

/** The tabs, and what ?tab= selects (credits only on one's own profile; otherwise Beats). */
type Tab = 'beats' | 'uploads' | 'favorites' | 'reviews' | 'credits';

function tabFromSearch(value: string | null, showUploads: boolean, isOwner: boolean): Tab {
  if (value === 'uploads') return showUploads ? 'uploads' : 'beats';
  if (value === 'credits') return isOwner ? 'credits' : 'beats';
  if (value === 'favorites' || value === 'reviews') return value;
  return 'beats';
}

function FavoritesTab({ userId, slots }: { userId: string; slots: ProfilePageSlots }) {
  const favorites = useQuery(userFavoritesQueryOptions(userId));
  if (favorites.isPending) return slots.beatGridSkeleton();
  const list = favorites.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState Icon={Heart} title="No favorites yet">
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Browse Beats
        </Link>
      </EmptyState>
    );
  }
  return <DeferredBeatGrid beats={list} label="Favorites" slots={slots} />;
}

/**
 * A grid of beat cards built after what surrounds it, in the background (a transition that
 * yields to the browser), with the skeleton until then: cards are the heaviest part of a
 * profile, and rendered with the profile in one update they blocked a phone's main thread for
 * a tenth of a second (as the home grid did; see beat-catalogue.tsx).
 */
function DeferredBeatGrid({
  beats,
  label,
  slots,
}: {
  beats: readonly Beat[];
  label: string;
  slots: ProfilePageSlots;
}) {
  const shown = useDeferredValue(beats, null);
  return shown ? slots.beatGrid(shown, label) : slots.beatGridSkeleton();
}

function BeatsTab({
  data,
  isOwner,
  slots,
}: {
  data: ProfileResponse;
  isOwner: boolean;
  slots: ProfilePageSlots;
}) {
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold tracking-tight">
        Beats <span className="text-muted numeric">({formatNumber(data.beats_count)})</span>
      </h2>
      {data.recent_beats.length === 0 ? (
        <EmptyState Icon={Music} title="No beats yet">
          {isOwner ? (
            <Link to="/upload" className={buttonClasses()}>
              Upload a Beat
            </Link>
          ) : (
            <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
              Browse Beats
            </Link>
          )}
        </EmptyState>
      ) : (
        <DeferredBeatGrid beats={data.recent_beats} label="Recent beats" slots={slots} />
      )}
    </div>
  );
}

function ProfileSkeleton() {
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

function ProfileNotFound() {
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

const tabClasses =
  'h-9 rounded-full px-2.5 text-[13px] font-medium sm:px-4 sm:text-sm whitespace-nowrap text-muted transition-colors hover:text-fg data-[state=active]:bg-accent data-[state=active]:text-accent-fg';

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

      {isOwner ? <EditProfileDialog profile={data.profile} open={editing} onOpenChange={setEditing} /> : null}
    </div>
  );
}

/**
 * What another viewer sees of a followers-only or private profile: the header
 * above, and the server's wording instead of the stats and tabs.
 */
function RestrictedProfile({ restricted, name }: { restricted: ProfileRestriction; name: string }) {
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

interface ContentProps {
  data: ProfileResponse;
  isOwner: boolean;
  slots: ProfilePageSlots;
  tab: Tab;
  selectTab: (next: string) => void;
  showUploads: boolean;
}

/** The stats, genres and tabs of a profile the viewer may see in full. */
function ProfileContent(props: ContentProps) {
  const { data, slots } = props;
  return (
    <>
      <ProfileStats data={data} />
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

function ProfileTabs({ data, isOwner, slots, tab, selectTab, showUploads }: ContentProps) {
  return (
    <>
      <Tabs.Root value={tab} onValueChange={selectTab} className="flex flex-col gap-5">
        <Tabs.List
          aria-label="Profile"
          className="flex max-w-full gap-0.5 self-start overflow-x-auto rounded-full border border-line bg-surface/70 p-1 sm:gap-1"
        >
          <Tabs.Trigger value="beats" className={tabClasses}>
            Beats
          </Tabs.Trigger>
          {showUploads ? (
            <Tabs.Trigger value="uploads" className={tabClasses}>
              {isOwner ? 'My Uploads' : 'Uploads'}
            </Tabs.Trigger>
          ) : null}
          <Tabs.Trigger value="favorites" className={tabClasses}>
            Favorites
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" className={tabClasses}>
            Reviews
          </Tabs.Trigger>
          {isOwner ? (
            <Tabs.Trigger value="credits" className={tabClasses}>
              Credits
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="beats" className="outline-none">
          <BeatsTab data={data} isOwner={isOwner} slots={slots} />
        </Tabs.Content>
        {showUploads ? (
          <Tabs.Content value="uploads" className="outline-none">
            <UploadsList
              userId={data.profile.user_id}
              isOwner={isOwner}
              manageBeat={slots.manageBeat}
              promoteButton={slots.promoteButton}
            />
          </Tabs.Content>
        ) : null}
        <Tabs.Content value="favorites" className="outline-none">
          <FavoritesTab userId={data.profile.user_id} slots={slots} />
        </Tabs.Content>
        <Tabs.Content value="reviews" className="outline-none">
          <ReviewsList userId={data.profile.user_id} />
        </Tabs.Content>
        {isOwner ? (
          <Tabs.Content value="credits" className="outline-none">
            {slots.credits(data.profile.user_id)}
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </>
  );
}
