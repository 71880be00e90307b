import { ChevronDown } from 'lucide-react';
import type { ComponentType } from 'react';
import { DeferredMenu, type DeferredMenuOpenProps } from '../../components/ui/deferred-menu';

/**
 * A header menu: every page shows its button (its label and a chevron), and the menu, with the
 * same look, loads when reached for. `load` must be a module-level function.
 */
export function HeaderMenu({
  label,
  load,
  className,
}: {
  label: string;
  load: () => Promise<ComponentType<{ className: string } & DeferredMenuOpenProps>>;
  className: string;
}) {
  return (
    <DeferredMenu
      load={load}
      menuProps={{ className }}
      triggerProps={{
        className,
        children: (
          <>
            {label}
            <ChevronDown aria-hidden="true" className="size-4" />
          </>
        ),
      }}
    />
  );
}
