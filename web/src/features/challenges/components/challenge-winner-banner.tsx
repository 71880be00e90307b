import type { Challenge } from '@beatroom/shared/challenges-contract';
import { Trophy } from 'lucide-react';

/** Once the winner is announced: who won, and when the prize and the entry fees were paid out. */
export function ChallengeWinnerBanner({
  challenge,
  userId,
}: {
  challenge: Challenge;
  userId: string | null;
}) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-2xl border border-yellow-500/50 bg-yellow-500/10 p-4"
    >
      <Trophy aria-hidden="true" className="size-8 shrink-0 text-yellow-300" />
      <div>
        <p className="font-semibold">Winner Announced: {challenge.winner_name ?? 'Former member'}</p>
        <p className="text-sm text-muted">
          {challenge.winner_user_id === userId ? 'You won! ' : ''}The prize and the entry fees were paid out
          {challenge.winner_announced_at
            ? ` on ${new Date(challenge.winner_announced_at).toLocaleString()}`
            : ''}
          .
        </p>
      </div>
    </div>
  );
}
