import { Star } from 'lucide-react';

/** Five stars filled up to `value` (rounded to the nearest half star for display). */
export function Stars({ value, size = 'size-4', label }: { value: number; size?: string; label?: string }) {
  const halves = Math.round(value * 2);
  return (
    <span
      role="img"
      aria-label={label ?? `${value.toFixed(1)} out of 5 stars`}
      className="inline-flex items-center gap-0.5"
    >
      {[1, 2, 3, 4, 5].map((star) => {
        const full = halves >= star * 2;
        const half = !full && halves === star * 2 - 1;
        return (
          <span key={star} aria-hidden="true" className={`relative inline-flex ${size}`}>
            <Star className={`absolute inset-0 ${size} text-fg/25`} />
            {full || half ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: full ? '100%' : '50%' }}>
                <Star className={`${size} fill-amber-400 text-amber-400`} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
