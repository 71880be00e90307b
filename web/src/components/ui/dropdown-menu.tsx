import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';

// Styled pieces shared by every dropdown, so menus look and behave alike. Radix supplies the
// keyboard model (arrows, typeahead, Escape) and focus return to the trigger.

export function MenuContent({
  className = '',
  sideOffset = 8,
  ...props
}: DropdownMenu.DropdownMenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        collisionPadding={8}
        className={`z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-48 overflow-y-auto rounded-xl border border-line bg-elevated p-1.5 text-fg shadow-2xl shadow-black/40 animate-menu-in ${className}`}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

export const menuItemClasses =
  'flex w-full cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-fg/10';

export function MenuItem({ className = '', ...props }: DropdownMenu.DropdownMenuItemProps) {
  return <DropdownMenu.Item className={`${menuItemClasses} ${className}`} {...props} />;
}

export function MenuSeparator(props: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className="my-1.5 h-px bg-line" {...props} />;
}
