import { useState } from 'react';

export interface AvatarProps {
  /** Picture URL; the initial of `name` stands in when absent or when it fails to load. */
  src: string | null | undefined;
  name: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, name, size = 32, className = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  const initial = name.trim().charAt(0).toUpperCase() || '?';

  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        // The name is always written next to the avatar, so the picture itself is decorative.
        alt=""
        // Google's avatar host refuses some requests that carry a foreign Referer.
        referrerPolicy="no-referrer"
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full object-cover ${className}`}
        style={style}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-violet-500 to-indigo-600 font-semibold text-white ${className}`}
      style={style}
    >
      {initial}
    </span>
  );
}
