import type { Challenge } from '@beatroom/shared/challenges-contract';
import { CheckCircle2, Clock, Coins } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { storedImage } from '../../../lib/stored-file';
import { ChallengeStateBadge, countdownText, entryFeeNote, PrizeBadge } from './challenge-card';

interface ChallengeSummaryProps {
  challenge: Challenge;
  now: number;
  /** The join control: Joined, Join Challenge, Sign in to join, or none. */
  join: 'joined' | 'join' | 'sign-in' | null;
  onJoin: () => void;
  onSignIn: () => void;
}

/** The challenge itself: the beat's cover, state, prize, title, beat, countdown, fee and Join. */
export function ChallengeSummary({ challenge, now, join, onJoin, onSignIn }: ChallengeSummaryProps) {
  return (
    <section className="grid gap-5 md:grid-cols-[16rem_1fr]">
      <CoverArt
        src={storedImage(challenge.beat_cover_image_key)}
        sizes="16rem"
        title={challenge.beat_title}
        className="aspect-square w-full rounded-2xl"
        initialClassName="text-5xl"
      />
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <ChallengeStateBadge challenge={challenge} now={now} />
          <PrizeBadge credits={challenge.prize_credits} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{challenge.title}</h1>
        <p className="text-sm text-muted">
          Beat:{' '}
          {challenge.beat_id ? (
            <Link className="text-fg hover:underline" to={`/beats/${encodeURIComponent(challenge.beat_id)}`}>
              {challenge.beat_title}
            </Link>
          ) : (
            challenge.beat_title
          )}{' '}
          · by {challenge.creator_name}
        </p>
        <p className="text-sm whitespace-pre-line">{challenge.description}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {countdownText(challenge, now)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Coins aria-hidden="true" className="size-4" />
            {entryFeeNote(challenge.entry_fee_credits)}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {join === 'joined' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-3 py-1 text-sm font-semibold text-emerald-300">
              <CheckCircle2 aria-hidden="true" className="size-4" /> Joined
            </span>
          ) : join === 'join' ? (
            <Button onClick={onJoin}>Join Challenge</Button>
          ) : join === 'sign-in' ? (
            <Button onClick={onSignIn}>Sign in to join</Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
