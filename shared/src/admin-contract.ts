// HTTP contract of the admin panel:
// dashboard, users with their roles, beats, settings, the audit log and moderation reports.
import { z } from 'zod';
import { ADMIN_SETTING_KEYS } from './admin-settings';

/** Page sizes: 20 rows for users and beats, 50 for logs. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_LOGS_PAGE_SIZE = 50;

const page = z.coerce
  .number()
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .default(1);
const limit = (def: number) =>
  z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(def);
const search = z.string().trim().max(100, 'search must be at most 100 characters').optional();

export const AdminListQuery = z.object({ page, limit: limit(ADMIN_PAGE_SIZE), search });
export type AdminListQuery = z.infer<typeof AdminListQuery>;
export const AdminLogsQuery = z.object({ page, limit: limit(ADMIN_LOGS_PAGE_SIZE) });
export type AdminLogsQuery = z.infer<typeof AdminLogsQuery>;

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

/** The dashboard stats, plus the money of the last 30 days. */
export const DashboardStats = z.object({
  totalUsers: z.number().int(),
  totalBeats: z.number().int(),
  totalPlays: z.number().int(),
  totalDownloads: z.number().int(),
  /** Paid beat sales completed in the last 30 days, and what buyers paid for them (USD cents). */
  salesLast30Days: z.number().int(),
  revenueLast30DaysCents: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

/** A row of the admin Users tab. */
export const AdminUserRow = z.object({
  user_id: z.string(),
  display_name: z.string(),
  email: z.string(),
  beat_count: z.number().int(),
  follower_count: z.number().int(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  verified: z.boolean(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUsersResponse = z.object({
  users: z.array(AdminUserRow),
  pagination: Pagination,
  /** Owners now: the panel needs it to apply the "last owner" rule as the server does. */
  ownerCount: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const SetAdminBody = z.object({ isAdmin: z.boolean('isAdmin must be true or false') });
export const SetOwnerBody = z.object({ isOwner: z.boolean('isOwner must be true or false') });
export const SetFeaturedBody = z.object({ isFeatured: z.boolean('isFeatured must be true or false') });

/** A row of the admin Beats tab. */
export const AdminBeatRow = z.object({
  id: z.string(),
  title: z.string(),
  producer_name: z.string(),
  play_count: z.number().int(),
  download_count: z.number().int(),
  is_featured: z.boolean(),
  description: z.string().nullable(),
  bpm: z.number().int().nullable(),
  key_signature: z.string().nullable(),
  genre: z.string(),
  mood: z.string().nullable(),
  price_cents: z.number().int(),
  is_free: z.boolean(),
  audio_file_key: z.string(),
  cover_image_key: z.string().nullable(),
  user_id: z.string(),
  created_at: z.string(),
});
export type AdminBeatRow = z.infer<typeof AdminBeatRow>;
export const AdminBeatsResponse = z.object({ beats: z.array(AdminBeatRow), pagination: Pagination });
export type AdminBeatsResponse = z.infer<typeof AdminBeatsResponse>;

/** A platform setting as admins edit it; value typed per key (admin-settings.ts). */
export const AdminSettingRow = z.object({
  key: z.enum(ADMIN_SETTING_KEYS as [string, ...string[]]),
  value: z.union([z.number(), z.string()]),
  description: z.string(),
});
export type AdminSettingRow = z.infer<typeof AdminSettingRow>;
export const AdminSettingsResponse = z.object({ settings: z.array(AdminSettingRow) });
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponse>;
export const SettingKeyParams = z.object({ key: z.string() });
export const SetSettingBody = z.object({ value: z.unknown() });

const JsonObject = z.record(z.string(), z.unknown()).nullable();

/** An admin log row, with the target and the before/after the audit keeps. */
export const AdminLogRow = z.object({
  id: z.string(),
  admin_id: z.string().nullable(),
  admin_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: JsonObject,
  after: JsonObject,
  details: z.string(),
  created_at: z.string(),
});
export type AdminLogRow = z.infer<typeof AdminLogRow>;
export const AdminLogsResponse = z.object({ logs: z.array(AdminLogRow), pagination: Pagination });
export type AdminLogsResponse = z.infer<typeof AdminLogsResponse>;

/** Moderation: what members may report, and how an admin resolves a report. */
export const REPORT_TARGET_TYPES = ['beat', 'review', 'profile'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_STATUSES = ['open', 'removed', 'dismissed'] as const;
export const REPORT_REASON_MAX = 500;

export const CreateReportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, 'targetType must be beat, review or profile'),
  targetId: z.uuid('targetId must be a valid id'),
  reason: z
    .string('Please give a reason')
    .trim()
    .min(1, 'Please give a reason')
    .max(REPORT_REASON_MAX, `The reason must be at most ${REPORT_REASON_MAX} characters`),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;
export const CreatedReport = z.object({ id: z.string() });

/** The member-facing texts of reporting. */
export const REPORT_TEXTS = {
  submitted: 'Thanks, your report was sent to the moderators',
  duplicate: 'You have already reported this',
  missing: 'That content no longer exists',
} as const;

export const AdminReportRow = z.object({
  id: z.string(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.string(),
  /** A readable name of the reported thing (beat title, review text, profile name). */
  target_label: z.string(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporter_name: z.string(),
  resolved_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminReportRow = z.infer<typeof AdminReportRow>;
export const AdminReportsQuery = z.object({
  page,
  limit: limit(ADMIN_PAGE_SIZE),
  status: z.enum(REPORT_STATUSES, 'status must be open, removed or dismissed').default('open'),
});
export const AdminReportsResponse = z.object({ reports: z.array(AdminReportRow), pagination: Pagination });
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>;
export const ResolveReportBody = z.object({
  resolution: z.enum(['remove', 'dismiss'], 'resolution must be remove or dismiss'),
});
export type ResolveReportBody = z.infer<typeof ResolveReportBody>;

/** One answer for the role, feature and delete mutations. */
export const AdminOk = z.object({ ok: z.literal(true) });

/** The toasts (5 s) and confirmations of the admin panel, verbatim. */
export const ADMIN_TEXTS = {
  adminGranted: 'User granted admin privileges successfully',
  adminRevoked: 'User revoked admin privileges successfully',
  ownerGranted: 'User granted owner privileges successfully',
  ownerRevoked: 'User revoked owner privileges successfully',
  userDeleted: 'User deleted successfully',
  beatFeatured: 'Beat featured successfully',
  beatUnfeatured: 'Beat unfeatured successfully',
  beatDeleted: 'Beat deleted successfully',
  settingUpdated: 'Setting updated successfully',
  adminFailed: 'Failed to update admin status',
  ownerFailed: 'Failed to update owner status',
  deleteUserFailed: 'Failed to delete user',
  featuredFailed: 'Failed to update featured status',
  deleteBeatFailed: 'Failed to delete beat',
  settingFailed: 'Failed to update setting',
  adminAccessRequired: 'Admin Access Required',
  accessDenied: 'Access Denied',
} as const;

export const ADMIN_TOAST_MS = 5000;
export const OWNER_TRANSFER_RELOAD_MS = 2000;
