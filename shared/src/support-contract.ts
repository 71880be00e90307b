// HTTP contract of the support center and the admin support desk: the user's ticket thread, the
// admin ticket list and page, tickets, messages, categories, stats, and their limits.
import { z } from 'zod';
import { blankToUndefined, text } from './text-fields';

export const SUPPORT_CATEGORIES = [
  {
    id: 'technical',
    name: 'Technical Issues',
    description: 'Problems with playback, uploads, the studio or the app',
  },
  {
    id: 'billing',
    name: 'Billing & Payments',
    description: 'Purchases, payouts, credits, subscriptions and refunds',
  },
  {
    id: 'account',
    name: 'Account & Profile',
    description: 'Signing in, your profile, settings and account deletion',
  },
  {
    id: 'content',
    name: 'Beats & Content',
    description: 'Your beats, licences, downloads and reported content',
  },
  { id: 'feature_request', name: 'Feature Requests', description: 'Ideas for making Beatroom better' },
  { id: 'general', name: 'General Support', description: 'Anything else you need help with' },
] as const;
export const SUPPORT_CATEGORY_IDS = [
  'technical',
  'billing',
  'account',
  'content',
  'feature_request',
  'general',
] as const;
export type SupportCategoryId = (typeof SUPPORT_CATEGORY_IDS)[number];

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_STATUSES = ['open', 'in_progress', 'waiting_for_user', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const MESSAGE_TYPES = ['user', 'admin', 'system'] as const;

/** Sizes and counts of tickets and their attachments. */
export const SUPPORT_LIMITS = {
  CREATE_MAX_FILES: 5,
  REPLY_MAX_FILES: 3,
  FILE_MAX_BYTES: 10 * 1024 * 1024,
  /** The user screen moves on this long after a ticket is created. */
  CREATED_REDIRECT_MS: 2000,
  SUBJECT_MAX: 200,
  DESCRIPTION_MAX: 10_000,
  MESSAGE_MAX: 10_000,
  ADMIN_NOTES_MAX: 10_000,
  SEARCH_MAX: 200,
} as const;

/** Content types a support file may have, decided from its bytes (the name is never trusted). */
export const SUPPORT_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/pdf',
  'text/plain',
] as const;
/** What the file picker offers; the server decides from the content anyway. */
export const SUPPORT_FILE_ACCEPT = 'image/jpeg,image/png,image/gif,application/pdf,text/plain,.txt,.pdf';

export const SUPPORT_TEXTS = {
  REQUIRED_FIELDS: 'Please fill in all required fields.',
  FILES_REFUSED: 'Some files were not added. Only images, PDFs, and text files under 10MB are allowed.',
  EMPTY_REPLY: 'Please enter a message or attach a file.',
  TOO_MANY_REPLY_FILES: 'Maximum 3 files per message',
  TOO_MANY_CREATE_FILES: 'At most 5 attachments per ticket',
  TICKET_CLOSED: 'This ticket is closed',
  TICKET_NOT_FOUND: 'Ticket not found',
  ATTACHMENT_NOT_YOURS: 'An attachment is not a file you uploaded for support, or it is already used',
  ATTACHMENT_NOT_FOUND: 'Attachment not found',
  ADMIN_REPLY_EMPTY: 'Please enter a message.',
  ASSIGNEE_NOT_ADMIN: 'assigned_to must be an admin',
  SEND_FAILED: 'Failed to send message',
  CREATE_FAILED: 'Failed to create ticket',
  SUPPORT_EMAIL: 'support@beatroom.app',
} as const;

/** A support file key: `support/<uuid>.<ext>`, made by the server on upload. */
export const SUPPORT_KEY_PATTERN =
  /^support\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|gif|pdf|txt)$/;
export const SupportFileKey = z
  .string()
  .regex(SUPPORT_KEY_PATTERN, 'is not a support file key from an upload');

/** Where an attachment is served, to the ticket's owner and admins only (never /api/files). */
export const supportAttachmentUrl = (key: string) => `/api/support/attachments/${key}`;

export const TICKET_NUMBER_PATTERN = /^T-\d{6,}$/;
export const TicketNumberParams = z.object({
  ticketNumber: z.string().regex(TICKET_NUMBER_PATTERN, SUPPORT_TEXTS.TICKET_NOT_FOUND),
});

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

export const SupportCategory = z.object({
  id: z.enum(SUPPORT_CATEGORY_IDS),
  name: z.string(),
  description: z.string(),
});
export type SupportCategory = z.infer<typeof SupportCategory>;
export const SupportCategoriesResponse = z.object({ categories: z.array(SupportCategory) });

/**
 * A ticket. A member's answers carry no admin_notes (null) and no assigned_to (null); admins
 * see both. message_count counts what the caller may see (internal notes only for admins).
 */
export const SupportTicket = z.object({
  ticket_number: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORY_IDS),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  description: z.string(),
  created_at: z.string(),
  last_activity_at: z.string(),
  user_name: z.string(),
  user_email: z.string().nullable(),
  assigned_to: z.string().nullable(),
  assigned_admin_name: z.string().nullable(),
  admin_notes: z.string().nullable(),
  message_count: z.number().int().min(0),
  attachments: z.array(z.string()),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const TicketMessage = z.object({
  id: z.string(),
  message: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  attachments: z.array(z.string()),
  created_at: z.string(),
  sender_name: z.string(),
  is_internal: z.boolean(),
});
export type TicketMessage = z.infer<typeof TicketMessage>;

export const TicketsResponse = z.object({ tickets: z.array(SupportTicket) });
export const TicketMessagesResponse = z.object({ messages: z.array(TicketMessage) });

export const SupportStats = z.object({
  statusStats: z.array(z.object({ status: z.enum(TICKET_STATUSES), count: z.number().int().min(0) })),
  categoryStats: z.array(
    z.object({ category: z.enum(SUPPORT_CATEGORY_IDS), count: z.number().int().min(0) }),
  ),
  /** Hours from a ticket's creation to the first public support reply, averaged; null: none yet. */
  avgResponseTimeHours: z.number().nullable(),
});
export type SupportStats = z.infer<typeof SupportStats>;

export const AdminListItem = z.object({
  user_id: z.string(),
  display_name: z.string(),
  is_owner: z.boolean(),
});
export type AdminListItem = z.infer<typeof AdminListItem>;
export const AdminListResponse = z.object({ admins: z.array(AdminListItem) });

export const UploadedSupportFile = z.object({ key: z.string() });

// ---------------------------------------------------------------------------------------------
// Bodies and queries
// ---------------------------------------------------------------------------------------------

const required = (max: number) =>
  text({ error: SUPPORT_TEXTS.REQUIRED_FIELDS })
    .trim()
    .min(1, SUPPORT_TEXTS.REQUIRED_FIELDS)
    .max(max, `must be at most ${max} characters`);

export const CreateTicketBody = z.object({
  subject: required(SUPPORT_LIMITS.SUBJECT_MAX),
  category: z.enum(SUPPORT_CATEGORY_IDS, { error: SUPPORT_TEXTS.REQUIRED_FIELDS }),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  description: required(SUPPORT_LIMITS.DESCRIPTION_MAX),
  attachments: z
    .array(SupportFileKey)
    .max(SUPPORT_LIMITS.CREATE_MAX_FILES, SUPPORT_TEXTS.TOO_MANY_CREATE_FILES)
    .default([]),
});
export type CreateTicketBody = z.input<typeof CreateTicketBody>;

/** A member's reply: trimmed text or at least one file (the refine runs after trimming). */
export const UserReplyBody = z
  .object({
    message: text()
      .trim()
      .max(SUPPORT_LIMITS.MESSAGE_MAX, `must be at most ${SUPPORT_LIMITS.MESSAGE_MAX} characters`)
      .default(''),
    attachments: z
      .array(SupportFileKey)
      .max(SUPPORT_LIMITS.REPLY_MAX_FILES, SUPPORT_TEXTS.TOO_MANY_REPLY_FILES)
      .default([]),
  })
  .refine((body) => body.message.length > 0 || body.attachments.length > 0, SUPPORT_TEXTS.EMPTY_REPLY);
export type UserReplyBody = z.input<typeof UserReplyBody>;

export const AdminReplyBody = z.object({
  message: text()
    .trim()
    .min(1, SUPPORT_TEXTS.ADMIN_REPLY_EMPTY)
    .max(SUPPORT_LIMITS.MESSAGE_MAX, `must be at most ${SUPPORT_LIMITS.MESSAGE_MAX} characters`),
  is_internal: z.boolean().default(false),
});
export type AdminReplyBody = z.input<typeof AdminReplyBody>;

/** Only the fields sent change; admin_notes '' or null clears the notes. */
export const UpdateTicketBody = z
  .object({
    status: z.enum(TICKET_STATUSES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    assigned_to: z.uuid('must be an admin user id or null').nullable().optional(),
    admin_notes: text()
      .max(SUPPORT_LIMITS.ADMIN_NOTES_MAX, `must be at most ${SUPPORT_LIMITS.ADMIN_NOTES_MAX} characters`)
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateTicketBody = z.input<typeof UpdateTicketBody>;

export const AdminTicketsQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(TICKET_STATUSES).optional()),
  priority: z.preprocess(blankToUndefined, z.enum(TICKET_PRIORITIES).optional()),
  category: z.preprocess(blankToUndefined, z.enum(SUPPORT_CATEGORY_IDS).optional()),
  search: z.preprocess(blankToUndefined, text().trim().max(SUPPORT_LIMITS.SEARCH_MAX).optional()),
});
export type AdminTicketsQuery = z.input<typeof AdminTicketsQuery>;

/** Realtime `support` messages: which ticket changed; the screens refetch it. */
export const SUPPORT_EVENT_TYPES = ['ticket_created', 'ticket_message', 'ticket_updated'] as const;

export const categoryName = (id: string) => SUPPORT_CATEGORIES.find((c) => c.id === id)?.name ?? id;
export const statusLabel = (status: string) =>
  ({
    open: 'Open',
    in_progress: 'In Progress',
    waiting_for_user: 'Waiting for User',
    resolved: 'Resolved',
    closed: 'Closed',
  })[status] ?? status;
export const priorityLabel = (priority: string) => priority.charAt(0).toUpperCase() + priority.slice(1);
