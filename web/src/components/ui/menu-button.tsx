import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { DeferredMenu } from './deferred-menu';

export interface MenuButtonItem {
  label: string;
  onSelect: () => void;
}

export interface MenuButtonProps {
  /** The trigger's accessible name. */
  label: string;
  className: string;
  disabled?: boolean;
  items: readonly MenuButtonItem[];
  /** The trigger's visible content (icon and text). */
  children: ReactNode;
}

const loadMenu = () => import('./menu-button-menu').then((m) => m.MenuButtonMenu);

/**
 * A button that opens a short menu of actions instead of doing one (e.g. one entry per file
 * format). The trigger keeps the look its caller gives it and gains a chevron, so a plain
 * button and its menu version sit in the same place looking alike. The menu loads when first
 * reached for (DeferredMenu): cards show many of these buttons, few are opened.
 */
export function MenuButton(props: MenuButtonProps) {
  return (
    <DeferredMenu
      load={loadMenu}
      menuProps={props}
      triggerProps={{
        'aria-label': props.label,
        disabled: props.disabled ?? false,
        className: props.className,
        children: (
          <>
            {props.children}
            <ChevronDown aria-hidden="true" className="size-4 opacity-70" />
          </>
        ),
      }}
    />
  );
}
