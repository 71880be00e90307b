import type { ProfileResponse } from '@beatroom/shared/community-contract';
import { formatJoined } from '@beatroom/shared/format-dates';
import { displayName } from '@beatroom/shared/format-names';
import {
  AtSign,
  BadgeDollarSign,
  CalendarDays,
  Camera,
  Cloud,
  Disc3,
  Globe,
  ImagePlus,
  LoaderCircle,
  MapPin,
  Pencil,
  Video,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { usePlatform } from '../../../lib/platform';
import { describeError } from '../../../lib/error-text';
import { storedFileUrl } from '../../../lib/stored-file';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile, useUploadProfileImage } from '../hooks/use-profile-update';
import { isProducer } from '../producer';
import { FollowButton } from './follow-button';
import { ProfileBadges } from './profile-badges';

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

interface ProfileLink {
  label: string;
  text: string;
  href: string;
  Icon: typeof Globe;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Website, Twitter, Instagram, TikTok (handles as links), Spotify and SoundCloud. */
export function profileLinks(profile: ProfileResponse['profile']): ProfileLink[] {
  const links: ProfileLink[] = [];
  const handle = (h: string) => encodeURIComponent(h);
  if (profile.website_url)
    links.push({
      label: 'Website',
      text: hostOf(profile.website_url),
      href: profile.website_url,
      Icon: Globe,
    });
  if (profile.twitter_handle)
    links.push({
      label: 'Twitter',
      text: `@${profile.twitter_handle}`,
      href: `https://twitter.com/${handle(profile.twitter_handle)}`,
      Icon: AtSign,
    });
  if (profile.instagram_handle)
    links.push({
      label: 'Instagram',
      text: `@${profile.instagram_handle}`,
      href: `https://www.instagram.com/${handle(profile.instagram_handle)}`,
      Icon: Camera,
    });
  if (profile.tiktok_handle)
    links.push({
      label: 'TikTok',
      text: `@${profile.tiktok_handle}`,
      href: `https://www.tiktok.com/@${handle(profile.tiktok_handle)}`,
      Icon: Video,
    });
  if (profile.spotify_url)
    links.push({ label: 'Spotify', text: 'Spotify', href: profile.spotify_url, Icon: Disc3 });
  if (profile.soundcloud_url)
    links.push({ label: 'SoundCloud', text: 'SoundCloud', href: profile.soundcloud_url, Icon: Cloud });
  return links;
}

/** Edit Cover: pick an image, upload it, save it as the cover. */
function EditCoverButton({ userId }: { userId: string }) {
  const platform = usePlatform();
  const upload = useUploadProfileImage();
  const update = useUpdateProfile(userId);
  const busy = upload.isPending || update.isPending;

  async function pick() {
    const [file] = await platform.pickFiles({ accept: IMAGE_ACCEPT });
    if (!file) return;
    try {
      const key = await upload.mutateAsync(file);
      await update.mutateAsync({ cover_image_key: key });
      showToast({ type: 'success', title: 'Cover updated' });
    } catch (error) {
      showToast({ type: 'error', title: 'Could not update the cover', message: describeError(error) });
    }
  }

  return (
    // Not a Button variant: its surface colours (white in the light theme) would win over the
    // dark chip, leaving white text on white. A dark chip reads over any cover, in both themes.
    <button
      type="button"
      onClick={() => void pick()}
      disabled={busy}
      className="inline-flex h-8 shrink-0 items-center gap-2 rounded-full border border-white/30 bg-black/65 px-3 text-sm font-medium whitespace-nowrap text-white backdrop-blur transition-colors hover:bg-black/80 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <ImagePlus aria-hidden="true" className="size-4" />
      )}
      {busy ? 'Uploading...' : 'Edit Cover'}
    </button>
  );
}

export interface ProfileHeaderProps {
  data: ProfileResponse;
  /** The signed-in viewer, or null for a visitor. */
  viewerId: string | null;
  /** The viewer's own Google picture, shown on their own profile until they upload one. */
  viewerPicture?: string | null;
  onEditProfile: () => void;
  /** Shown to other viewers beside Follow (app/ composes Report). */
  visitorActions?: ReactNode;
}

/**
 * Cover banner, picture, name with badges, details, bio, links, and Edit Profile (with Earnings
 * for a producer) or Follow.
 */
export function ProfileHeader({
  data,
  viewerId,
  viewerPicture,
  onEditProfile,
  visitorActions,
}: ProfileHeaderProps) {
  const { profile } = data;
  const isOwner = viewerId === profile.user_id;
  const name = displayName(profile.display_name, profile.user_id);
  const cover = storedFileUrl(profile.cover_image_key);
  const picture = storedFileUrl(profile.profile_image_key) ?? (isOwner ? (viewerPicture ?? null) : null);
  const links = profileLinks(profile);

  let actions: ReactNode;
  if (isOwner) {
    actions = (
      <>
        {isProducer(data) ? (
          <Link to="/earnings" className={buttonClasses({ variant: 'secondary' })}>
            <BadgeDollarSign aria-hidden="true" className="size-4" />
            Earnings
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onEditProfile}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit Profile
        </Button>
      </>
    );
  } else {
    actions = (
      <>
        <FollowButton userId={profile.user_id} viewerId={viewerId} name={name} />
        {visitorActions}
      </>
    );
  }

  return (
    <section
      aria-labelledby="profile-name"
      className="overflow-hidden rounded-3xl border border-line bg-surface/60"
    >
      <div className="relative h-36 bg-linear-to-br from-violet-700 via-indigo-800 to-slate-900 sm:h-52 lg:h-64">
        {cover ? <img src={cover} alt={`Cover of ${name}`} className="size-full object-cover" /> : null}
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-linear-to-t from-black/50 via-transparent to-transparent"
        />
        {isOwner ? (
          <div className="absolute top-3 right-3">
            <EditCoverButton userId={profile.user_id} />
          </div>
        ) : null}
      </div>

      <div className="px-4 pb-6 sm:px-8">
        <div className="relative -mt-12 flex flex-wrap items-end justify-between gap-3 sm:-mt-16">
          <div className="rounded-full bg-surface p-1 shadow-xl shadow-black/40">
            <Avatar src={picture} name={name} size={104} />
          </div>
          <div className="flex flex-wrap gap-2 pb-1">{actions}</div>
        </div>

        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h1 id="profile-name" className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {name}
          </h1>
          <ProfileBadges profile={profile} />
        </div>

        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          {profile.location ? (
            <span className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              {profile.location}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            Joined {formatJoined(profile.created_at)}
          </span>
        </p>

        {profile.bio ? (
          <p className="mt-3 max-w-3xl text-sm leading-relaxed whitespace-pre-line">{profile.bio}</p>
        ) : null}

        {links.length ? (
          <ul aria-label="Links" className="mt-4 flex flex-wrap gap-2">
            {links.map(({ label, text, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label}: ${text}`}
                  className="inline-flex h-8 max-w-64 items-center gap-1.5 rounded-full border border-line bg-fg/5 px-3 text-sm text-fg/90 transition-colors hover:border-accent/50 hover:text-fg"
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0 text-muted" />
                  <span className="truncate">{text}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
