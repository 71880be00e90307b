import { useState } from 'react';

export interface CoverArtProps {
  /** The image's URL; null (or an image that fails to load) shows the title's initial instead. */
  src: string | null;
  /** What it is the cover of; also its accessible name ("Cover of …"). */
  title: string;
  className?: string;
  /** Text size of the initial shown when there is no image. */
  initialClassName?: string;
}

/** A square cover image, or the first letter of the title on a gradient when there is none. */
export function CoverArt({ src, title, className = '', initialClassName = 'text-5xl' }: CoverArtProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={`Cover of ${title}`}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={`object-cover ${className}`}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`Cover of ${title}`}
      className={`flex items-center justify-center bg-linear-to-br from-violet-600 via-indigo-700 to-slate-900 ${className}`}
    >
      <span aria-hidden="true" className={`font-black text-white/90 ${initialClassName}`}>
        {title.trim().charAt(0).toUpperCase() || '♪'}
      </span>
    </div>
  );
}

/** The FEATURED ribbon laid over a cover. */
export function FeaturedBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full bg-linear-to-r from-amber-400 to-orange-500 px-2.5 py-0.5 text-[11px] font-extrabold tracking-wider text-black shadow-lg shadow-orange-900/30 ${className}`}
    >
      FEATURED
    </span>
  );
}
