import {
  dailyUploadMessage,
  formatBytes,
  storageQuotaMessage,
  uploadAllowance,
} from '@beatroom/shared/upload-quota-contract';
import { useQuery } from '@tanstack/react-query';
import { uploadQuotaQueryOptions } from '../api';

/**
 * What the signed-in user may still upload: storage left of the quota, and today's allowance
 * when that is the smaller. Nothing while loading or if the figures cannot be had: the server
 * still refuses an upload past either limit with the same words.
 */
export function StorageLeft() {
  const { data: quota } = useQuery(uploadQuotaQueryOptions);
  if (!quota) return null;
  if (uploadAllowance(quota) <= 0) {
    return (
      <p role="alert" className="text-sm text-red-400">
        {quota.remaining_bytes <= 0 ? storageQuotaMessage(quota) : dailyUploadMessage(quota)}
      </p>
    );
  }
  const dailyIsSmaller = quota.daily_remaining_bytes < quota.remaining_bytes;
  return (
    <p className="text-sm text-muted" data-testid="storage-left">
      {formatBytes(quota.remaining_bytes)} of {formatBytes(quota.quota_bytes)} storage left
      {dailyIsSmaller ? ` · ${formatBytes(quota.daily_remaining_bytes)} more may be uploaded today` : ''}
    </p>
  );
}
