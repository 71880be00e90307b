import type { ProfileResponse } from '@beatroom/shared/community-contract';
import * as Tabs from '@radix-ui/react-tabs';
import { BeatsTab, FavoritesTab } from './profile-beat-tabs';
import type { ProfilePageSlots } from './profile-page-slots';
import { ReviewsList } from './reviews-list';
import { UploadsList } from './uploads-list';

/** The tabs, and what ?tab= selects (credits only on one's own profile; otherwise Beats). */
export type Tab = 'beats' | 'uploads' | 'favorites' | 'reviews' | 'credits';

export function tabFromSearch(value: string | null, showUploads: boolean, isOwner: boolean): Tab {
  if (value === 'uploads') return showUploads ? 'uploads' : 'beats';
  if (value === 'credits') return isOwner ? 'credits' : 'beats';
  if (value === 'favorites' || value === 'reviews') return value;
  return 'beats';
}

const tabClasses =
  'h-9 rounded-full px-2.5 text-[13px] font-medium sm:px-4 sm:text-sm whitespace-nowrap text-muted transition-colors hover:text-fg data-[state=active]:bg-accent data-[state=active]:text-accent-fg';

export interface ProfileTabsProps {
  data: ProfileResponse;
  isOwner: boolean;
  slots: ProfilePageSlots;
  tab: Tab;
  selectTab: (next: string) => void;
  showUploads: boolean;
}

/** The profile's tabs: Beats, Uploads, Favorites, Reviews and, for the owner, Credits. */
export function ProfileTabs({ data, isOwner, slots, tab, selectTab, showUploads }: ProfileTabsProps) {
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
