import { useState } from 'react';
import type { ResponsiveImage } from '../../lib/stored-file';

export interface CoverArtProps {
  /** The image (a URL, or one with renditions); null (or one that fails to load) shows the title's initial. */
  src: string | ResponsiveImage | null;
  /**
   * How wide the image is shown, for choosing among renditions (the `sizes` attribute), e.g.
   * `(min-width: 768px) 25vw, 50vw`.
   */
  sizes?: string;
  /** The page's main image (its largest paint): fetched at once, ahead of other images. */
  priority?: boolean;
  /** What it is the cover of; also its accessible name ("Cover of …"). */
  title: string;
  /** The image's text instead of "Cover of …": '' where the title is written beside it. */
  alt?: string;
  className?: string;
  /** Text size of the initial shown when there is no image. */
  initialClassName?: string;
}

/**
 * A square cover image, or the first letter of the title on a gradient when there is none. A
 * rendition that fails to load (not made yet) gives way to the original image.
 */
export function CoverArt({
  src,
  sizes,
  priority = false,
  title,
  alt,
  className = '',
  initialClassName = 'text-5xl',
}: CoverArtProps) {
  const image = typeof src === 'string' ? { src, srcSet: undefined } : src;
  // What failed, for which image: the renditions (try the original) or everything.
  const [failed, setFailed] = useState<{ src: string; what: 'srcset' | 'all' } | null>(null);
  const failure = image && failed?.src === image.src ? failed.what : null;
  if (image && failure !== 'all') {
    const srcSet = failure === 'srcset' ? undefined : image.srcSet;
    return (
      <img
        // A new element when falling back, so the browser forgets the failed candidate.
        key={srcSet ? 'responsive' : 'original'}
        src={image.src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt ?? `Cover of ${title}`}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'sync' : 'async'}
        onError={() => setFailed({ src: image.src, what: srcSet ? 'srcset' : 'all' })}
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
