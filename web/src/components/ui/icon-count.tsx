import { formatNumber } from '@beatroom/shared/format-numbers';
import type { LucideIcon } from 'lucide-react';

/** A small count with its icon; the label is the tooltip and what screen readers hear. */
export function IconCount({ Icon, label, value }: { Icon: LucideIcon; label: string; value: number }) {
  return (
    <span className="inline-flex items-center gap-1" title={label}>
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{label}: </span>
      {formatNumber(value)}
    </span>
  );
}
