import { fileUrl } from '@beatroom/shared/beats-contract';
import { useState } from 'react';
import { apiUrl } from '../../../lib/api-client';

export interface BeatCoverProps {
  beat: { title: string; cover_image_key: string | null };
  className?: string;
  /** Text size of the initial shown when there is no cover. */
  initialClassName?: string;
}

/** The beat's cover, or the first letter of its title on a gradient when it has none. */
export function BeatCover({ beat, className = '', initialClassName = 'text-5xl' }: BeatCoverProps) {
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const key = beat.cover_image_key;
  if (key && failedKey !== key) {
    return (
      <img
        src={apiUrl(fileUrl(key))}
        alt={`Cover of ${beat.title}`}
        loading="lazy"
        decoding="async"
        onError={() => setFailedKey(key)}
        className={`object-cover ${className}`}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`Cover of ${beat.title}`}
      className={`flex items-center justify-center bg-linear-to-br from-violet-600 via-indigo-700 to-slate-900 ${className}`}
    >
      <span aria-hidden="true" className={`font-black text-white/90 ${initialClassName}`}>
        {beat.title.trim().charAt(0).toUpperCase() || '♪'}
      </span>
    </div>
  );
}

export function FeaturedBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full bg-linear-to-r from-amber-400 to-orange-500 px-2.5 py-0.5 text-[11px] font-extrabold tracking-wider text-black shadow-lg shadow-orange-900/30 ${className}`}
    >
      FEATURED
    </span>
  );
}
