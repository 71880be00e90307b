import {
  CHALLENGE_STATE_LABELS,
  challengeState,
  timeLeftLabel,
  type Challenge,
  type ChallengeState,
} from '@beatroom/shared/challenges-contract';
import { CheckCircle2, Clock, Coins, Trophy, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { storedImage } from '../../../lib/stored-file';

const STATE_TINTS: Record<ChallengeState, string> = {
  upcoming: 'bg-sky-500/15 text-sky-300',
  active: 'bg-emerald-500/15 text-emerald-300',
  ended: 'bg-fg/10 text-muted',
  winner: 'bg-yellow-500/15 text-yellow-300',
};

/** The status badge of a challenge at `now`. */
export function ChallengeStateBadge({ challenge, now }: { challenge: Challenge; now: number }) {
  const state = challengeState(challenge, now);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TINTS[state]}`}
    >
      {CHALLENGE_STATE_LABELS[state]}
    </span>
  );
}

/** "Starts in …", "… left" or when it ended. */
/** The prize in credits, in yellow: on the card's cover and beside the state on the detail page. */
export function PrizeBadge({ credits, className = '' }: { credits: number; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-yellow-500/90 px-2.5 py-0.5 text-xs font-bold text-black ${className}`}
    >
      <Trophy aria-hidden="true" className="size-3.5" />
      {credits} credits
    </span>
  );
}

export function countdownText(challenge: Challenge, now: number): string {
  const state = challengeState(challenge, now);
  if (state === 'upcoming')
    return `Starts in ${timeLeftLabel(challenge.start_date, now).replace(/ left$/, '')}`;
  if (state === 'active') return timeLeftLabel(challenge.end_date, now);
  return `Ended ${new Date(challenge.end_date).toLocaleDateString()}`;
}

export const entryFeeNote = (fee: number) => (fee > 0 ? `Entry fee: ${fee} credits` : 'Free to enter');

/**
 * One card of the grid: cover, status and prize badges, title, beat, text,
 * creator, entries, countdown, entry-fee note, View Details, and Join (a signed-in member, an
 * active challenge, no entry yet) or the Joined badge.
 */
export function ChallengeCard({
  challenge,
  now,
  signedIn,
}: {
  challenge: Challenge;
  now: number;
  signedIn: boolean;
}) {
  const state = challengeState(challenge, now);
  const href = `/challenges/${encodeURIComponent(challenge.id)}`;
  const joined = !!challenge.current_user_entry_id;
  return (
    <li
      aria-label={challenge.title}
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface/60"
    >
      <div className="relative">
        <CoverArt
          src={storedImage(challenge.beat_cover_image_key)}
          sizes="(min-width: 1280px) 33vw, (min-width: 640px) 50vw, 100vw"
          title={challenge.beat_title}
          className="aspect-[16/9] w-full"
          initialClassName="text-4xl"
        />
        <div className="absolute top-3 left-3">
          <ChallengeStateBadge challenge={challenge} now={now} />
        </div>
        <PrizeBadge credits={challenge.prize_credits} className="absolute top-3 right-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base font-semibold">{challenge.title}</h3>
        <p className="text-xs text-muted">Beat: {challenge.beat_title}</p>
        <p className="line-clamp-3 text-sm text-muted">{challenge.description}</p>
        <p className="text-xs text-muted">by {challenge.creator_name}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden="true" className="size-3.5" />
            {challenge.entry_count} {challenge.entry_count === 1 ? 'entry' : 'entries'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-3.5" />
            {countdownText(challenge, now)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Coins aria-hidden="true" className="size-3.5" />
            {entryFeeNote(challenge.entry_fee_credits)}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2 pt-2">
          <Link to={href} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            View Details
          </Link>
          {joined ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-1 text-xs font-semibold text-emerald-300">
              <CheckCircle2 aria-hidden="true" className="size-3.5" />
              Joined
            </span>
          ) : signedIn && state === 'active' ? (
            <Link to={`${href}?join=1`} className={buttonClasses({ size: 'sm' })}>
              Join
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
