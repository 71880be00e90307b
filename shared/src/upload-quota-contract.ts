// GET /api/uploads/quota: how much a user may still upload ("a storage quota per
// user"). The server refuses an upload past either limit with a 413 naming what is left; the
// upload page shows the same figures before anyone picks a file.
import { z } from 'zod';

export const UploadQuota = z.object({
  /** Bytes of uploads one user may keep stored (STORAGE_QUOTA_BYTES). */
  quota_bytes: z.number().int().min(0),
  /** Bytes the user's stored uploads take now. */
  used_bytes: z.number().int().min(0),
  /** quota_bytes - used_bytes, never below 0. */
  remaining_bytes: z.number().int().min(0),
  /** Bytes one user may upload per 24 hours (UPLOAD_BYTES_PER_DAY). */
  daily_limit_bytes: z.number().int().min(0),
  /** What is left of that in the last 24 hours, never below 0. */
  daily_remaining_bytes: z.number().int().min(0),
});
export type UploadQuota = z.infer<typeof UploadQuota>;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB", 5368709120 → "5 GB" (1024-based, at most one decimal). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}

/** The smaller of the two: what one more upload may take. */
export function uploadAllowance(quota: UploadQuota): number {
  return Math.min(quota.remaining_bytes, quota.daily_remaining_bytes);
}

/** The 413 an upload past the storage quota gets (also shown by the upload page when it is full). */
export function storageQuotaMessage(quota: Pick<UploadQuota, 'quota_bytes' | 'remaining_bytes'>): string {
  if (quota.remaining_bytes <= 0) {
    return `Your storage is full (${formatBytes(quota.quota_bytes)}): delete beats you no longer need to upload more`;
  }
  return `This file is larger than the ${formatBytes(quota.remaining_bytes)} of storage you have left (of ${formatBytes(quota.quota_bytes)})`;
}

/** The 413 an upload past the daily upload limit gets. */
export function dailyUploadMessage(
  quota: Pick<UploadQuota, 'daily_limit_bytes' | 'daily_remaining_bytes'>,
): string {
  if (quota.daily_remaining_bytes <= 0) {
    return `You have uploaded ${formatBytes(quota.daily_limit_bytes)} in the last 24 hours, the daily limit: try again later`;
  }
  return `This file is larger than the ${formatBytes(quota.daily_remaining_bytes)} you may still upload today (of ${formatBytes(quota.daily_limit_bytes)} a day)`;
}
