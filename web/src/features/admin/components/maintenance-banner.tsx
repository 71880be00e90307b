import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { publicSettingsQueryOptions } from '../public-settings';

/** The admins' maintenance_banner setting across the top of every page; empty shows nothing. */
export function MaintenanceBanner() {
  const settings = useQuery(publicSettingsQueryOptions());
  const text = settings.data?.maintenance_banner.trim();
  if (!text) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-500/15 px-4 py-2 text-center text-sm text-amber-200"
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
      <span>{text}</span>
    </div>
  );
}
