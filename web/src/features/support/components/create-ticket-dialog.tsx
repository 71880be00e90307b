import {
  SUPPORT_LIMITS,
  SUPPORT_TEXTS,
  type SupportCategoryId,
  type TicketPriority,
} from '@beatroom/shared/support-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { SuccessView } from '../../../components/ui/success-view';
import { CATEGORY_OPTIONS, PRIORITY_OPTIONS } from '../../../components/ui/ticket-parts';
import { ApiError } from '../../../lib/api-client';
import { useSuccessDelay } from '../../../lib/use-success-delay';
import { createTicket, supportKeys, uploadSupportFile } from '../api';
import { useSupportFiles } from '../use-support-files';
import { FilePicker } from './file-picker';

/**
 * The create-ticket dialog: subject, category, priority (medium by
 * default), description and up to 5 files. After creation it shows the ticket number and
 * moves on to the ticket 2 seconds later.
 */
export function CreateTicketDialog({
  open,
  onOpenChange,
  initialCategory,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCategory?: SupportCategoryId | undefined;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<SupportCategoryId | ''>(initialCategory ?? '');
  const [priority, setPriority] = useState<TicketPriority>('medium');
  const [description, setDescription] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const files = useSupportFiles(SUPPORT_LIMITS.CREATE_MAX_FILES, SUPPORT_TEXTS.TOO_MANY_CREATE_FILES);

  const create = useMutation({
    mutationFn: async () => {
      const attachments = [];
      for (const file of files.files) attachments.push(await uploadSupportFile(file));
      return createTicket({
        subject,
        category: category as SupportCategoryId,
        priority,
        description,
        attachments,
      });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.tickets }),
  });
  const created = create.data;
  useSuccessDelay(!!created, () => {
    onOpenChange(false);
    if (created) void navigate(`/support/ticket/${created.ticket_number}`);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !category || !description.trim()) {
      setFormError(SUPPORT_TEXTS.REQUIRED_FIELDS);
      return;
    }
    setFormError(null);
    create.mutate();
  };

  const failure = create.error
    ? create.error instanceof ApiError
      ? create.error.message
      : SUPPORT_TEXTS.CREATE_FAILED
    : null;

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Create Support Ticket"
      description="Tell us what is going on; our support team answers in your ticket."
      widthClassName="max-w-xl"
    >
      {created ? (
        <SuccessView title="Ticket created">
          <p>
            Your ticket number is <strong className="text-fg">{created.ticket_number}</strong>.
          </p>
          <p>Taking you to your ticket…</p>
        </SuccessView>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {formError || failure ? <ErrorBanner title={formError ?? failure} /> : null}
          <FormField label="Subject" htmlFor="ticket-subject">
            <input
              id="ticket-subject"
              className={inputClasses}
              value={subject}
              maxLength={SUPPORT_LIMITS.SUBJECT_MAX}
              onChange={(e) => setSubject(e.target.value)}
              required
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Category"
              id="ticket-category"
              value={category}
              onChange={setCategory}
              emptyOption="Select a category"
              options={CATEGORY_OPTIONS}
              required
            />
            <SelectField
              label="Priority"
              id="ticket-priority"
              value={priority}
              onChange={setPriority}
              options={PRIORITY_OPTIONS}
            />
          </div>
          <FormField label="Description" htmlFor="ticket-description">
            <textarea
              id="ticket-description"
              rows={6}
              className={`${inputClasses} h-auto py-2`}
              value={description}
              maxLength={SUPPORT_LIMITS.DESCRIPTION_MAX}
              onChange={(e) => setDescription(e.target.value)}
              required
            />
          </FormField>
          <FilePicker picker={files} disabled={create.isPending} />
          <DialogFormButtons
            onCancel={() => onOpenChange(false)}
            submitDisabled={create.isPending}
            cancelDisabled={create.isPending}
          >
            {create.isPending ? 'Creating…' : 'Create Ticket'}
          </DialogFormButtons>
        </form>
      )}
    </DialogShell>
  );
}
