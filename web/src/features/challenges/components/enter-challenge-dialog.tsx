import type { ChallengeDetail } from '@beatroom/shared/challenges-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { SelectField } from '../../../components/ui/select-field';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { ApiError } from '../../../lib/api-client';
import { challengeKeys, enterChallenge, ownTakesQueryOptions } from '../api';
import { entryFeeNote } from './challenge-card';

/**
 * Joining a challenge: one of the member's own takes over the challenge's beat. The entry fee, if
 * any, is taken with the entry. Without a take over that beat, the studio is one click away.
 */
export function EnterChallengeDialog({
  detail,
  userId,
  open,
  onOpenChange,
  onEntered,
}: {
  detail: ChallengeDetail;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEntered: () => void;
}) {
  const { challenge } = detail;
  const queryClient = useQueryClient();
  const takes = useQuery({ ...ownTakesQueryOptions(userId), enabled: open });
  const overBeat = (takes.data ?? []).filter((take) => take.beat_id === challenge.beat_id);
  const [chosen, setChosen] = useState('');
  const enter = useMutation({
    mutationFn: (recordingId: string) => enterChallenge(challenge.id, recordingId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
      onEntered();
      onOpenChange(false);
    },
  });
  const recordingId = chosen || overBeat[0]?.id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (recordingId) enter.mutate(recordingId);
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={`Join ${challenge.title}`}
      description={`Enter with one of your takes over ${challenge.beat_title}. ${entryFeeNote(challenge.entry_fee_credits)}.`}
    >
      {takes.isPending ? (
        <p role="status" className="text-sm text-muted">
          Loading your takes…
        </p>
      ) : overBeat.length === 0 ? (
        <div className="flex flex-col gap-3 text-sm">
          <p>You have no recording over {challenge.beat_title} yet.</p>
          {challenge.beat_id ? (
            <Link
              to={`/studio/${encodeURIComponent(challenge.beat_id)}`}
              className={buttonClasses({ size: 'sm' })}
            >
              Record in the Studio
            </Link>
          ) : null}
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit}>
          {enter.error ? (
            <ErrorBanner
              title={enter.error instanceof ApiError ? enter.error.message : 'Failed to join the challenge'}
            />
          ) : null}
          <SelectField
            label="Your take"
            id="challenge-take"
            value={recordingId}
            onChange={setChosen}
            options={overBeat.map((take) => ({ value: take.id, label: take.recording_name }))}
          />
          <DialogFormButtons onCancel={() => onOpenChange(false)} submitDisabled={enter.isPending}>
            {enter.isPending ? 'Joining…' : 'Submit Entry'}
          </DialogFormButtons>
        </form>
      )}
    </DialogShell>
  );
}
