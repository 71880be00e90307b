import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface StatTileProps {
  label: string;
  Icon: LucideIcon;
  /** The figure, formatted. */
  value: ReactNode;
  /** A line under the figure: a trend, a unit, a count of what it is made of. */
  sub?: ReactNode;
  /** The figure is still loading: a placeholder stands in for it. */
  pending?: boolean;
  /** Lights the tile up, e.g. for a second after its figure changed. */
  changed?: boolean;
  /** Background and text colour of a badge around the icon; without one the icon sits plain. */
  tint?: string;
  className?: string;
}

/**
 * One figure with its label and icon (analytics, live stats, profile stats, a beat's numbers).
 * It is a term and its definition: put tiles in a `<dl>`, so "Total Plays" and "1.5K" are read
 * together.
 */
export function StatTile({
  label,
  Icon,
  value,
  sub,
  pending = false,
  changed = false,
  tint,
  className = '',
}: StatTileProps) {
  return (
    <div
      data-changed={changed ? '' : undefined}
      className={`flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-surface/60 p-3 transition-[background-color,border-color,box-shadow] duration-300 data-[changed]:border-accent data-[changed]:bg-accent/20 data-[changed]:shadow-lg data-[changed]:shadow-accent/20 sm:p-4 ${className}`}
    >
      <dt className="flex min-w-0 items-center gap-1.5 truncate text-xs font-medium text-muted">
        {tint ? (
          <span className={`inline-flex size-6 shrink-0 items-center justify-center rounded-lg ${tint}`}>
            <Icon aria-hidden="true" className="size-3.5" />
          </span>
        ) : (
          <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        )}
        {label}
      </dt>
      <dd className="text-xl leading-tight font-bold numeric">
        {pending ? (
          // Text, not aria-label: a span has no role that may carry a label (axe
          // aria-prohibited-attr).
          <span className="inline-block h-5 w-12 animate-pulse rounded bg-fg/10 align-middle">
            <span className="sr-only">Loading</span>
          </span>
        ) : (
          value
        )}
      </dd>
      {sub ? <dd className="truncate text-[11px] text-muted numeric">{sub}</dd> : null}
    </div>
  );
}
