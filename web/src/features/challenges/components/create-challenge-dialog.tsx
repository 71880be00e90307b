import { CHALLENGE_LIMITS, CHALLENGE_TEXTS, type Challenge } from '@beatroom/shared/challenges-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { SelectField } from '../../../components/ui/select-field';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { beatChoicesQueryOptions, challengeKeys, createChallenge } from '../api';

const DAY_MS = 86_400_000;

/** A datetime-local value (local time, minutes) for an instant. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const wholeCredits = (value: string) => (/^\d+$/.test(value) ? Number(value) : Number.NaN);

/**
 * Create Challenge: title, description, a beat from
 * the catalogue, start and end, prize and entry fee in credits. The prize leaves the creator's
 * credits at once (the server answers "Insufficient credits (need N)" when short); an admin may
 * fund it from the platform instead.
 */
export function CreateChallengeDialog({
  open,
  onOpenChange,
  isAdmin,
  now,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isAdmin: boolean;
  /** The server's now, so the default start is the server's present. */
  now: number;
  onCreated: (challenge: Challenge) => void;
}) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [search, setSearch] = useState('');
  const [searchDraft, setSearchDraft] = useState('');
  const [beatId, setBeatId] = useState('');
  const [start, setStart] = useState(() => localInput(now));
  const [end, setEnd] = useState(() => localInput(now + 7 * DAY_MS));
  const [prize, setPrize] = useState('100');
  const [fee, setFee] = useState('0');
  const [platform, setPlatform] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const beats = useQuery({ ...beatChoicesQueryOptions(search), enabled: open });

  const create = useMutation({
    mutationFn: createChallenge,
    onSuccess: (challenge) => {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
      onCreated(challenge);
      onOpenChange(false);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prizeCredits = wholeCredits(prize);
    const feeCredits = wholeCredits(fee);
    if (!title.trim() || !description.trim() || !beatId) {
      setFormError('Please fill in the title, the description and the beat.');
      return;
    }
    if (Number.isNaN(prizeCredits) || Number.isNaN(feeCredits)) {
      setFormError('Prize and entry fee are whole numbers of credits.');
      return;
    }
    const startMs = Date.parse(start);
    const endMs = Date.parse(end);
    if (!(endMs > startMs)) {
      setFormError(CHALLENGE_TEXTS.END_BEFORE_START);
      return;
    }
    setFormError(null);
    create.mutate({
      title,
      description,
      beat_id: beatId,
      start_date: new Date(startMs).toISOString(),
      end_date: new Date(endMs).toISOString(),
      prize_credits: prizeCredits,
      entry_fee_credits: feeCredits,
      funded_by: platform ? 'platform' : 'creator',
    });
  };

  const failure = create.error
    ? create.error instanceof ApiError
      ? create.error.message
      : 'Failed to create challenge'
    : null;

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Create Challenge"
      description="Pick a beat, set the dates and put up a prize in credits. The prize is held until a winner is announced."
      widthClassName="max-w-xl"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {formError || failure ? <ErrorBanner title={formError ?? failure} /> : null}
        <FormField label="Title" htmlFor="challenge-title">
          <input
            id="challenge-title"
            className={inputClasses}
            value={title}
            maxLength={CHALLENGE_LIMITS.TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
          />
        </FormField>
        <FormField label="Description" htmlFor="challenge-description">
          <textarea
            id="challenge-description"
            rows={3}
            className={`${inputClasses} h-auto py-2`}
            value={description}
            maxLength={CHALLENGE_LIMITS.DESCRIPTION_MAX}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Find a beat" htmlFor="challenge-beat-search" hint="Press Enter to search">
            <input
              id="challenge-beat-search"
              type="search"
              className={inputClasses}
              value={searchDraft}
              onChange={(e) => setSearchDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  setSearch(searchDraft.trim());
                }
              }}
            />
          </FormField>
          <SelectField
            label="Beat"
            id="challenge-beat"
            value={beatId}
            onChange={setBeatId}
            emptyOption={beats.isPending ? 'Loading beats…' : 'Select a beat'}
            options={(beats.data ?? []).map((beat) => ({
              value: beat.id,
              label: `${beat.title} — ${beat.producer_name}`,
            }))}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Starts" htmlFor="challenge-start">
            <input
              id="challenge-start"
              type="datetime-local"
              className={inputClasses}
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </FormField>
          <FormField label="Ends" htmlFor="challenge-end">
            <input
              id="challenge-end"
              type="datetime-local"
              className={inputClasses}
              value={end}
              onChange={(e) => setEnd(e.target.value)}
            />
          </FormField>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Prize (credits)" htmlFor="challenge-prize">
            <input
              id="challenge-prize"
              inputMode="numeric"
              className={inputClasses}
              value={prize}
              onChange={(e) => setPrize(e.target.value.trim())}
            />
          </FormField>
          <FormField label="Entry fee (credits)" htmlFor="challenge-fee">
            <input
              id="challenge-fee"
              inputMode="numeric"
              className={inputClasses}
              value={fee}
              onChange={(e) => setFee(e.target.value.trim())}
            />
          </FormField>
        </div>
        {isAdmin ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={platform} onChange={(e) => setPlatform(e.target.checked)} />
            Fund the prize from the platform
          </label>
        ) : null}
        <DialogFormButtons onCancel={() => onOpenChange(false)} submitDisabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create Challenge'}
        </DialogFormButtons>
      </form>
    </DialogShell>
  );
}
