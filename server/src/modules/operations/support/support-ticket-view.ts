import { displayName } from '@beatroom/shared/format-names';
import type { AdminListItem, SupportTicket, TicketMessage } from '@beatroom/shared/support-contract';
import type { MessageRow, TicketRow } from './support.repository';

/** Who is looking decides what a ticket shows: members never see notes, assignee or internal counts. */
export type Viewer = 'member' | 'admin';

type NamedUser = {
  id: string;
  name: string | null;
  profile: { displayName: string | null } | null;
};
const nameOf = (user: NamedUser) => displayName(user.profile?.displayName ?? user.name, user.id);

export function toTicket(row: TicketRow, messageCount: number, viewer: Viewer): SupportTicket {
  const admin = viewer === 'admin';
  return {
    ticket_number: row.ticketNumber,
    subject: row.subject,
    category: row.category as SupportTicket['category'],
    priority: row.priority as SupportTicket['priority'],
    status: row.status as SupportTicket['status'],
    description: row.description,
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.lastActivityAt.toISOString(),
    user_name: nameOf(row.user),
    user_email: row.user.email,
    assigned_to: admin ? row.assignedTo : null,
    assigned_admin_name: admin && row.assignee ? nameOf(row.assignee) : null,
    admin_notes: admin ? row.adminNotes : null,
    message_count: messageCount,
    attachments: row.attachments.map((a) => a.key),
  };
}

export function toMessage(row: MessageRow): TicketMessage {
  return {
    id: row.id,
    message: row.message,
    message_type: row.messageType as TicketMessage['message_type'],
    attachments: row.attachments.map((a) => a.key),
    created_at: row.createdAt.toISOString(),
    sender_name: row.messageType === 'system' ? 'System' : row.sender ? nameOf(row.sender) : 'Deleted user',
    is_internal: row.isInternal,
  };
}

/** An admin as the assignee list shows them; an owner by flag or by role. */
export function toAdminListItem(row: NamedUser & { isOwner: boolean; role: string }): AdminListItem {
  return { user_id: row.id, display_name: nameOf(row), is_owner: row.isOwner || row.role === 'owner' };
}
