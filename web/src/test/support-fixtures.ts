import type { SupportTicket, TicketMessage } from '@beatroom/shared/support-contract';

/** A ticket as the support routes answer it (tests of both support features). */
export function makeTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  const now = new Date().toISOString();
  return {
    ticket_number: 'T-000123',
    subject: 'Studio freezes',
    category: 'technical',
    priority: 'medium',
    status: 'open',
    description: 'It freezes when I press record.',
    created_at: now,
    last_activity_at: now,
    user_name: 'Fan Tastic',
    user_email: 'fan@example.com',
    assigned_to: null,
    assigned_admin_name: null,
    admin_notes: null,
    message_count: 0,
    attachments: [],
    ...overrides,
  };
}

let n = 0;
export function makeMessage(overrides: Partial<TicketMessage> = {}): TicketMessage {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    message: `Message ${n}`,
    message_type: 'user',
    attachments: [],
    created_at: new Date().toISOString(),
    sender_name: 'Fan Tastic',
    is_internal: false,
    ...overrides,
  };
}
