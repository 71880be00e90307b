import { formatTimeAgo } from '@beatroom/shared/format-dates';
import type { ActivityItem } from '@beatroom/shared/realtime-objects-contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';

const linkClasses = 'font-semibold text-fg hover:underline';

/** The words between the actor and the target, and where the target leads. */
function describe(item: ActivityItem): { verb: string; to: string | null } {
  const id = item.targetId ? encodeURIComponent(item.targetId) : null;
  switch (item.type) {
    case 'beat_uploaded':
      return { verb: 'uploaded', to: id && `/beats/${id}` };
    case 'beat_purchased':
      return { verb: 'purchased', to: id && `/beats/${id}` };
    case 'beat_rated':
      return { verb: 'rated', to: id && `/beats/${id}` };
    case 'user_followed':
      return { verb: 'followed', to: id && `/profile/${id}` };
    case 'challenge_entry':
      return { verb: 'entered', to: id && `/challenges/${id}` };
    case 'collaboration_started':
      return { verb: 'started a collaboration on', to: id && `/collaborations/${id}` };
  }
}

/**
 * One community event: avatar, "X uploaded Y", "X followed Y", "X rated Y ★n" and how long
 * ago. The actor links to their profile (the user's own for their own items), the target to
 * its beat or profile.
 */
export function ActivityItemRow({ item, compact = false }: { item: ActivityItem; compact?: boolean }) {
  const { verb, to } = describe(item);
  const target = item.targetName ?? 'something';
  const rating = item.type === 'beat_rated' ? item.metadata.rating : undefined;

  return (
    <li
      className={`flex items-start gap-3 ${compact ? 'py-2.5' : 'rounded-2xl border border-line bg-surface/60 p-3.5'}`}
    >
      {/* A second way in for the pointer (keyboards reach the name's link); named for screen readers. */}
      <Link
        to={`/profile/${encodeURIComponent(item.userId)}`}
        tabIndex={-1}
        aria-label={item.userName}
        className="shrink-0"
      >
        <Avatar src={item.userAvatar} name={item.userName} size={compact ? 32 : 40} />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-muted">
          <Link to={`/profile/${encodeURIComponent(item.userId)}`} className={linkClasses}>
            {item.userName}
          </Link>{' '}
          {verb}{' '}
          {to ? (
            <Link to={to} className={linkClasses}>
              {target}
            </Link>
          ) : (
            <span className="font-semibold text-fg">{target}</span>
          )}
          {rating ? (
            <span className="ml-1 font-semibold whitespace-nowrap text-amber-400">
              <span aria-hidden="true">★</span>
              <span className="sr-only">with</span>
              {rating}
              <span className="sr-only"> stars</span>
            </span>
          ) : null}
        </p>
        <p className="mt-0.5 text-xs text-muted numeric">
          <time dateTime={item.timestamp}>{formatTimeAgo(item.timestamp)}</time>
        </p>
      </div>
    </li>
  );
}

export function ActivitySkeletonRows({ count, compact = false }: { count: number; compact?: boolean }) {
  return (
    <ul aria-hidden="true" className="flex flex-col">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={`flex items-center gap-3 ${compact ? 'py-2.5' : 'px-4 py-3'}`}>
          <div className={`shrink-0 animate-pulse rounded-full bg-fg/10 ${compact ? 'size-8' : 'size-10'}`} />
          <div className="flex flex-1 flex-col gap-1.5">
            <div className="h-3.5 w-4/5 animate-pulse rounded bg-fg/10" />
            <div className="h-3 w-16 animate-pulse rounded bg-fg/10" />
          </div>
        </li>
      ))}
    </ul>
  );
}
