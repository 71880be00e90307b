import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import type { MenuButtonProps } from './menu-button';
import { MenuContent, MenuItem } from './dropdown-menu';

/** MenuButton's menu itself (Radix), loaded the first time someone reaches for it. */
export function MenuButtonMenu({
  label,
  className,
  disabled = false,
  items,
  children,
  defaultOpen,
}: MenuButtonProps & { defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
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
