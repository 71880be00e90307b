import {
  COLLABORATION_LIMITS,
  RespondBody,
  type CollaborationRequest,
} from '@beatroom/shared/collaborations-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { SelectField } from '../../../components/ui/select-field';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { collaborationKeys, ownBeatsQueryOptions, ownTakesQueryOptions, respondTo } from '../api';

/**
 * Respond to a request: a message, and optionally one of one's own takes or beats to listen to.
 * The server refuses one's own request and a second response; its words are shown.
 */
export function RespondDialog({
  request,
  userId,
  open,
  onOpenChange,
}: {
  request: CollaborationRequest;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [recordingId, setRecordingId] = useState('');
  const [beatId, setBeatId] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const takes = useQuery({ ...ownTakesQueryOptions(), enabled: open });
  const beats = useQuery({ ...ownBeatsQueryOptions(userId), enabled: open });

  const respond = useMutation({
    mutationFn: (body: RespondBody) => respondTo(request.id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: collaborationKeys.all });
      showToast({
        type: 'success',
        title: 'Response sent',
        message: `${request.requester_name} will see it.`,
      });
      onOpenChange(false);
      setMessage('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { message, recording_id: recordingId || null, beat_id: beatId || null };
    const checked = RespondBody.safeParse(body);
    if (!checked.success) {
      setFormError(checked.error.issues[0]?.message ?? 'Please enter a message');
      return;
    }
    setFormError(null);
    respond.mutate(body);
  };

  const failure = respond.error ? (serverErrorText(respond.error) ?? 'Failed to send your response') : null;

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Respond"
      description={`to “${request.title}” by ${request.requester_name}`}
      widthClassName="max-w-lg"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {formError || failure ? <ErrorBanner title={formError ?? failure} /> : null}
        <FormField label="Message" htmlFor="respond-message">
          <textarea
            id="respond-message"
            rows={5}
            className={`${inputClasses} h-auto py-2`}
            value={message}
            maxLength={COLLABORATION_LIMITS.MESSAGE_MAX}
            placeholder="Introduce yourself and what you would bring"
            onChange={(e) => {
              setMessage(e.target.value);
              setFormError(null);
            }}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Attach a recording (optional)"
            id="respond-recording"
            hint="Your public recordings, so the requester can play them"
            value={recordingId}
            onChange={setRecordingId}
            emptyOption="None"
            options={(takes.data ?? [])
              .filter((take) => take.is_public)
              .map((take) => ({ value: take.id, label: take.recording_name }))}
          />
          <SelectField
            label="Attach a beat (optional)"
            id="respond-beat"
            value={beatId}
            onChange={setBeatId}
            emptyOption="None"
            options={(beats.data ?? []).map((beat) => ({ value: beat.id, label: beat.title }))}
          />
        </div>
        <DialogFormButtons onCancel={() => onOpenChange(false)} submitDisabled={respond.isPending}>
          {respond.isPending ? 'Sending...' : 'Send Response'}
        </DialogFormButtons>
      </form>
    </DialogShell>
  );
}
