import type { LucideIcon } from 'lucide-react';
import { Button } from './button';

/**
 * A small action on one item of a list (Edit, Delete) with its icon; screen readers hear the
 * action with the item's name ("Edit Night Drive"), since every row has the same button.
 */
export function RowActionButton({
  Icon,
  label,
  item,
  onClick,
  variant = 'secondary',
}: {
  Icon: LucideIcon;
  label: string;
  item: string;
  onClick: () => void;
  variant?: 'secondary' | 'ghost';
}) {
  return (
    <Button variant={variant} size="sm" onClick={onClick} aria-label={`${label} ${item}`}>
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </Button>
  );
}
