import type { SupportTicket, TicketPriority, TicketStatus } from '@beatroom/shared/support-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { PanelSection } from '../../../components/ui/panel-section';
import { SelectField } from '../../../components/ui/select-field';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from '../../../components/ui/ticket-parts';
import { deskAdminsQueryOptions, updateDeskTicket } from '../api';
import { useRefreshDeskTicket } from '../hooks/use-refresh-desk-ticket';

/** Status, priority, assignee and notes, saved together by 'Update Ticket'. */
export function TicketManagement({ ticket }: { ticket: SupportTicket }) {
  const refresh = useRefreshDeskTicket(ticket.ticket_number);
  const admins = useQuery(deskAdminsQueryOptions());
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [priority, setPriority] = useState<TicketPriority>(ticket.priority);
  const [assignee, setAssignee] = useState(ticket.assigned_to ?? '');
  const [notes, setNotes] = useState(ticket.admin_notes ?? '');
  const update = useMutation({
    mutationFn: () =>
      updateDeskTicket(ticket.ticket_number, {
        status,
        priority,
        assigned_to: assignee || null,
        admin_notes: notes.trim() ? notes : null,
      }),
    onSuccess: refresh,
    // Admin ticket update failures are only logged, not shown.
    onError: (error) => console.error('Failed to update the ticket', error),
  });

  return (
    <PanelSection title="Ticket Management" as="aside">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate();
        }}
      >
        <SelectField
          label="Status"
          id="manage-status"
          value={status}
          onChange={setStatus}
          options={STATUS_OPTIONS}
        />
        <SelectField
          label="Priority"
          id="manage-priority"
          value={priority}
          onChange={setPriority}
          options={PRIORITY_OPTIONS}
        />
        <SelectField
          label="Assign To"
          id="manage-assignee"
          value={assignee}
          onChange={setAssignee}
          emptyOption="Unassigned"
          options={(admins.data ?? []).map((a) => ({
            value: a.user_id,
            label: `${a.display_name} (${a.is_owner ? 'Owner' : 'Admin'})`,
          }))}
        />
        <FormField label="Admin Notes" htmlFor="manage-notes">
          <textarea
            id="manage-notes"
            rows={4}
            className={`${inputClasses} h-auto py-2`}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Updating…' : 'Update Ticket'}
        </Button>
      </form>
    </PanelSection>
  );
}
