import type { Beat } from '@beatroom/shared/beats-contract';
import { PROFILE_BEAT_SORTS, type ProfileBeatSort } from '@beatroom/shared/catalogue-constants';
import { UI } from '@beatroom/shared/limits';
import { formatDate } from '@beatroom/shared/format-dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Headphones, Pencil, Star, Upload } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BeatPrice } from '../../../components/ui/beat-price';
import { buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconCount } from '../../../components/ui/icon-count';
import { RowActionButton } from '../../../components/ui/row-action-button';
import { storedImage } from '../../../lib/stored-file';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { profileKeys, userBeatsQueryOptions } from '../api';
import type { ProfilePageSlots } from './profile-page-slots';

const selectClasses =
  'h-9 rounded-xl border border-line bg-surface/80 px-3 text-sm text-fg transition-colors hover:border-fg/25 focus:border-accent focus:outline-none';

function Detail({ children }: { children: ReactNode }) {
  return <span className="rounded-full bg-fg/10 px-2 py-0.5 text-xs font-medium text-fg/80">{children}</span>;
}

function UploadRow({
  beat,
  isOwner,
  onEdit,
  promoteButton,
}: {
  beat: Beat;
  isOwner: boolean;
  onEdit: (beat: Beat) => void;
  promoteButton: ProfilePageSlots['promoteButton'];
}) {
  const currency = usePreferredCurrency();

  return (
    <li className="flex gap-3 rounded-2xl border border-line bg-surface/60 p-3 sm:gap-4 sm:p-4">
      <Link to={`/beats/${beat.id}`} tabIndex={-1} className="shrink-0">
        <CoverArt
          src={storedImage(beat.cover_image_key)}
          sizes="(min-width: 640px) 5rem, 4rem"
          title={beat.title}
          className="size-16 rounded-xl sm:size-20"
          initialClassName="text-2xl"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 className="flex min-w-0 items-center gap-1.5 font-semibold">
            {beat.is_featured ? (
              <Star
                aria-label="Featured"
                role="img"
                className="size-4 shrink-0 fill-amber-400 text-amber-400"
              />
            ) : null}
            <Link to={`/beats/${beat.id}`} className="truncate hover:underline">
              {beat.title}
            </Link>
          </h3>
          <BeatPrice beat={beat} currency={currency} className="text-sm font-bold" />
        </div>
        {beat.description ? <p className="line-clamp-2 text-sm text-muted">{beat.description}</p> : null}
        <div className="flex flex-wrap items-center gap-1.5">
          <Detail>{beat.genre}</Detail>
          {beat.bpm ? <Detail>{beat.bpm} BPM</Detail> : null}
          {beat.key_signature ? <Detail>Key {beat.key_signature}</Detail> : null}
        </div>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted numeric">
            <span>{formatDate(beat.created_at)}</span>
            <IconCount Icon={Headphones} label="Plays" value={beat.play_count} />
            <IconCount Icon={Download} label="Downloads" value={beat.download_count} />
          </p>
          {isOwner ? (
            <span className="flex items-center gap-2">
              <RowActionButton Icon={Pencil} label="Edit" item={beat.title} onClick={() => onEdit(beat)} />
              {promoteButton(beat)}
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function RowSkeletons() {
  return (
    <ul role="status" aria-label="Loading uploads" className="flex flex-col gap-2">
      {Array.from({ length: UI.SKELETON_ROWS }, (_, index) => (
        <li
          key={index}
          aria-hidden="true"
          className="flex gap-4 rounded-2xl border border-line bg-surface/60 p-4"
        >
          <div className="size-16 shrink-0 animate-pulse rounded-xl bg-fg/10 sm:size-20" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-1/2 animate-pulse rounded bg-fg/10" />
            <div className="h-3.5 w-4/5 animate-pulse rounded bg-fg/10" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-fg/10" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Uploads tab (My Uploads for the owner): every beat with the three sorts, and for the
 * owner an Edit button opening Manage Beat and Promote (slots).
 */
export function UploadsList({
  userId,
  isOwner,
  manageBeat,
  promoteButton,
}: {
  userId: string;
  isOwner: boolean;
  manageBeat: ProfilePageSlots['manageBeat'];
  promoteButton: ProfilePageSlots['promoteButton'];
}) {
  const [sort, setSort] = useState<ProfileBeatSort>('newest');
  const beats = useQuery(userBeatsQueryOptions(userId, sort));
  const [editing, setEditing] = useState<Beat | null>(null);
  const queryClient = useQueryClient();
  const list = beats.data ?? [];
  // Manage Beat's caller refreshes the other views of the beat; this user's lists, counts and
  // stats are ours.
  const refreshProfile = () => void queryClient.invalidateQueries({ queryKey: profileKeys.user(userId) });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold tracking-tight">{isOwner ? 'My Uploads' : 'Uploads'}</h2>
        <label className="flex items-center gap-2 text-sm text-muted">
          Sort
          <select
            className={selectClasses}
            value={sort}
            onChange={(event) =>
              setSort(PROFILE_BEAT_SORTS.find((s) => s.value === event.target.value)?.value ?? 'newest')
            }
          >
            {PROFILE_BEAT_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {beats.isPending ? (
        <RowSkeletons />
      ) : list.length === 0 ? (
        <EmptyState Icon={Upload} title="No beats uploaded yet">
          {isOwner ? (
            <Link to="/upload" className={buttonClasses()}>
              Upload a Beat
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <ul aria-label={isOwner ? 'My Uploads' : 'Uploads'} className="flex flex-col gap-2">
          {list.map((beat) => (
            <UploadRow
              key={beat.id}
              beat={beat}
              isOwner={isOwner}
              onEdit={setEditing}
              promoteButton={promoteButton}
            />
          ))}
        </ul>
      )}
      {/* Deleting from one's uploads stays here: the row goes, the counts update. */}
      {editing
        ? manageBeat({ beat: editing, onClose: () => setEditing(null), onChanged: refreshProfile })
        : null}
    </div>
  );
}
