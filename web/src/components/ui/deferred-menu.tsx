import { lazy, Suspense, useMemo, useState, type ComponentProps, type ComponentType } from 'react';

/** Props every deferred menu takes: it opens at once when it was just loaded by a click. */
export interface DeferredMenuOpenProps {
  defaultOpen: boolean;
}

/**
 * A dropdown whose menu (Radix and its positioning engine, ~30 KB gzipped) loads only when someone
 * reaches for it: until then a plain button of the same look stands in, starting the load when a
 * pointer or focus comes near and opening the menu on the first click (the header's and the
 * catalogue's menus were half of the first load). `load` must be a module-level function; the
 * loaded menu renders its own trigger with `triggerProps`' look.
 */
export function DeferredMenu<P extends object>({
  load,
  menuProps,
  triggerProps,
}: {
  load: () => Promise<ComponentType<P & DeferredMenuOpenProps>>;
  menuProps: P;
  triggerProps: Omit<ComponentProps<'button'>, 'type' | 'onClick' | 'onFocus' | 'onPointerEnter'>;
}) {
  const [wanted, setWanted] = useState(false);
  const Menu = useMemo(() => lazy(async () => ({ default: await load() })), [load]);
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...triggerProps}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <Menu {...menuProps} defaultOpen />
    </Suspense>
  );
}
