import { useEffect, useState, type CSSProperties } from 'react';

/** A box on screen, in CSS pixels from the viewport's top left (a DOMRect's fields). */
export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Tailwind's `sm` breakpoint: from here the stack is a 24rem column (`sm:w-96`), else full width. */
const SM = 640;
/** `sm:w-96`. */
const STACK_WIDTH = 384;
/** `right-3 left-3` on phones, `sm:right-4` above. */
const edgeMargin = (viewportWidth: number) => (viewportWidth >= SM ? 16 : 12);
/** Room one short toast needs below a menu before the stack goes there rather than to the bottom. */
const MIN_TOAST_HEIGHT = 96;
const GAP = 8;

/** The columns the stack occupies at its usual place, as the Toaster's classes lay it out. */
export function toastColumn(viewportWidth: number): { left: number; right: number } {
  const margin = edgeMargin(viewportWidth);
  const right = viewportWidth - margin;
  return { left: viewportWidth >= SM ? right - STACK_WIDTH : margin, right };
}

/**
 * Where the toast stack goes so that it never sits over an open menu (a toast once
 * covered the bell menu and its "Mark all read"). Null: the usual top-right place, because no
 * open menu reaches into the stack's column. Otherwise, in order of preference: left of the
 * menus, at the usual height, when the column fits there; just below them, when one toast fits
 * below; else the bottom of the screen. Menus open from their trigger, so avoiding the menu
 * also keeps the stack off the control inside it that raised the toast.
 */
export function placeToastStack(
  viewport: { width: number; height: number },
  menus: Box[],
): CSSProperties | null {
  const column = toastColumn(viewport.width);
  const inTheWay = menus.filter((menu) => menu.right > column.left && menu.left < column.right);
  if (inTheWay.length === 0) return null;

  const margin = edgeMargin(viewport.width);
  const menusLeft = Math.min(...inTheWay.map((menu) => menu.left));
  const stackWidth = column.right - column.left;
  if (menusLeft - GAP - stackWidth >= margin) {
    return { right: viewport.width - menusLeft + GAP, left: 'auto' };
  }
  const menusBottom = Math.max(...inTheWay.map((menu) => menu.bottom));
  if (viewport.height - (menusBottom + GAP) >= MIN_TOAST_HEIGHT) return { top: menusBottom + GAP };
  return { top: 'auto', bottom: margin };
}

/** Radix menus (every dropdown in components/ui/dropdown-menu.tsx) while they are open. */
const OPEN_MENUS = '[role="menu"][data-state="open"]';

function measure(): CSSProperties | null {
  const menus = Array.from(document.querySelectorAll(OPEN_MENUS), (menu) => menu.getBoundingClientRect());
  return placeToastStack({ width: window.innerWidth, height: window.innerHeight }, menus);
}

const samePlacement = (a: CSSProperties | null, b: CSSProperties | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The stack's placement, kept up to date while `active` (toasts are on screen): menus opening,
 * closing, being positioned (Radix moves them by their style) or growing, and the window being
 * resized or scrolled. Idle while no toast shows, so a quiet page pays nothing.
 */
export function useToastPlacement(active: boolean): CSSProperties | null {
  const [placement, setPlacement] = useState<CSSProperties | null>(null);

  useEffect(() => {
    if (!active) return;
    const update = () => {
      const next = measure();
      setPlacement((current) => (samePlacement(current, next) ? current : next));
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state', 'style'],
    });
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { capture: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [active]);

  return active ? placement : null;
}
