import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export interface PanelSectionProps {
  /** The panel's heading; it also names the region for screen readers. */
  title: ReactNode;
  Icon?: LucideIcon;
  /** Beside the heading: a button, a status marker. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** `aside` for a panel beside the page's main content (quick actions, a dashboard). */
  as?: 'section' | 'aside';
}

/** A titled panel of a page or a sidebar: the card look, a heading, and its content. */
export function PanelSection({
  title,
  Icon,
  actions,
  children,
  className = '',
  as: Element = 'section',
}: PanelSectionProps) {
  const titleId = useId();
  return (
    <Element
      aria-labelledby={titleId}
      className={`flex flex-col rounded-3xl border border-line bg-surface/60 p-4 sm:p-5 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          {Icon ? <Icon aria-hidden="true" className="size-5 text-accent" /> : null}
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </Element>
  );
}
