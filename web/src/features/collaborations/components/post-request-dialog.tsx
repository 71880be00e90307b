import { GENRES, MOODS } from '@beatroom/shared/catalogue-constants';
import {
  COLLABORATION_LIMITS,
  COLLABORATION_TYPES,
  CreateCollaborationBody,
  SKILL_LEVELS,
} from '@beatroom/shared/collaborations-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { collaborationKeys, ownBeatsQueryOptions, postRequest } from '../api';

type Fields = {
  title: string;
  description: string;
  request_type: string;
  skill_level: string;
  genre: string;
  mood: string;
  beat_id: string;
  budget_min: string;
  budget_max: string;
  deadline_date: string;
};
const EMPTY: Fields = {
  title: '',
  description: '',
  request_type: 'vocalist_needed',
  skill_level: 'intermediate',
  genre: '',
  mood: '',
  beat_id: '',
  budget_min: '',
  budget_max: '',
  deadline_date: '',
};

/** A typed amount as the contract wants it: blank is none, anything else a number (or NaN, refused). */
const amount = (value: string) => (value.trim() === '' ? null : Number(value));

/** Tomorrow-or-later is enforced by the contract; the picker starts at today (UTC) to match. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * "Post Request" (signed-in members): title, description, type, skill level, genre and mood from
 * the catalogue's lists, optionally one of one's beats, a budget range and a deadline. Checked
 * with the shared contract before sending; the server checks again.
 */
export function PostRequestDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const beats = useQuery({ ...ownBeatsQueryOptions(userId), enabled: open });

  const post = useMutation({
    mutationFn: postRequest,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: collaborationKeys.all });
      queryClient.setQueryData(collaborationKeys.detail(created.id), created);
      showToast({ type: 'success', title: 'Request posted', message: created.title });
      onOpenChange(false);
      setFields(EMPTY);
      void navigate(`/collaborations/${encodeURIComponent(created.id)}`);
    },
  });

  const set = (name: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...fields,
      beat_id: fields.beat_id || null,
      budget_min: amount(fields.budget_min),
      budget_max: amount(fields.budget_max),
      deadline_date: fields.deadline_date || null,
    };
    const checked = CreateCollaborationBody.safeParse(body);
    if (!checked.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as keyof Fields;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    post.mutate(body as CreateCollaborationBody);
  };

  const failure = post.error ? (serverErrorText(post.error) ?? 'Failed to post your request') : null;
  const field = (name: keyof Fields) => ({
    id: `collab-${name}`,
    value: fields[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `collab-${name}-error` : undefined,
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Post Request"
      description="Tell the community who you are looking for."
      widthClassName="max-w-2xl"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {failure ? <ErrorBanner title={failure} /> : null}
        <FormField label="Title" htmlFor="collab-title" error={errors.title}>
          <input
            {...field('title')}
            className={inputClasses}
            maxLength={COLLABORATION_LIMITS.TITLE_MAX}
            onChange={(e) => set('title')(e.target.value)}
          />
        </FormField>
        <FormField label="Description" htmlFor="collab-description" error={errors.description}>
          <textarea
            {...field('description')}
            rows={4}
            className={`${inputClasses} h-auto py-2`}
            maxLength={COLLABORATION_LIMITS.DESCRIPTION_MAX}
            onChange={(e) => set('description')(e.target.value)}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Type" htmlFor="collab-request_type" error={errors.request_type}>
            <select
              {...field('request_type')}
              className={inputClasses}
              onChange={(e) => set('request_type')(e.target.value)}
            >
              {COLLABORATION_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Skill level" htmlFor="collab-skill_level" error={errors.skill_level}>
            <select
              {...field('skill_level')}
              className={inputClasses}
              onChange={(e) => set('skill_level')(e.target.value)}
            >
              {SKILL_LEVELS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Genre" htmlFor="collab-genre" error={errors.genre}>
            <select
              {...field('genre')}
              className={inputClasses}
              onChange={(e) => set('genre')(e.target.value)}
            >
              <option value="">Select a genre</option>
              {GENRES.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Mood" htmlFor="collab-mood" error={errors.mood}>
            <select {...field('mood')} className={inputClasses} onChange={(e) => set('mood')(e.target.value)}>
              <option value="">Select a mood</option>
              {MOODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Beat (optional)" htmlFor="collab-beat_id" error={errors.beat_id}>
            <select
              {...field('beat_id')}
              className={inputClasses}
              onChange={(e) => set('beat_id')(e.target.value)}
            >
              <option value="">No beat</option>
              {(beats.data ?? []).map((beat) => (
                <option key={beat.id} value={beat.id}>
                  {beat.title}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Deadline (optional)" htmlFor="collab-deadline_date" error={errors.deadline_date}>
            <input
              {...field('deadline_date')}
              type="date"
              min={todayUtc()}
              className={inputClasses}
              onChange={(e) => set('deadline_date')(e.target.value)}
            />
          </FormField>
          <FormField label="Budget from, $ (optional)" htmlFor="collab-budget_min" error={errors.budget_min}>
            <input
              {...field('budget_min')}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className={inputClasses}
              onChange={(e) => set('budget_min')(e.target.value)}
            />
          </FormField>
          <FormField label="Budget up to, $ (optional)" htmlFor="collab-budget_max" error={errors.budget_max}>
            <input
              {...field('budget_max')}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              className={inputClasses}
              onChange={(e) => set('budget_max')(e.target.value)}
            />
          </FormField>
        </div>
        <DialogFormButtons onCancel={() => onOpenChange(false)} submitDisabled={post.isPending}>
          {post.isPending ? 'Posting...' : 'Post Request'}
        </DialogFormButtons>
      </form>
    </DialogShell>
  );
}
