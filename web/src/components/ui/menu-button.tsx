import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { MenuContent, MenuItem } from './dropdown-menu';

export interface MenuButtonItem {
  label: string;
  onSelect: () => void;
}

/**
 * A button that opens a short menu of actions instead of doing one (e.g. one entry per file
 * format). The trigger keeps the look its caller gives it and gains a chevron, so a plain
 * button and its menu version sit in the same place looking alike.
 */
export function MenuButton({
  label,
  className,
  disabled = false,
  items,
  children,
}: {
  /** The trigger's accessible name. */
  label: string;
  className: string;
  disabled?: boolean;
  items: readonly MenuButtonItem[];
  /** The trigger's visible content (icon and text). */
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={label} disabled={disabled} className={className}>
        {children}
        <ChevronDown aria-hidden="true" className="size-4 opacity-70" />
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        {items.map((item) => (
          <MenuItem key={item.label} onSelect={item.onSelect}>
            {item.label}
          </MenuItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
