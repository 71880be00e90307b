import { BEAT_SORTS, type BeatSort } from '@beatroom/shared/catalogue-constants';
import { ArrowUpDown, ChevronDown } from 'lucide-react';
import { DeferredMenu } from '../../../components/ui/deferred-menu';

export const SORT_TRIGGER_CLASSES =
  'inline-flex h-10 shrink-0 items-center gap-2 rounded-xl border border-line bg-surface/80 px-3.5 text-sm font-medium text-fg transition-colors hover:border-fg/25 data-[state=open]:border-accent';

/**
 * What the trigger shows: "Sort: <current sort>", the sort itself read out only on phones
 * (no room), so the button's name always starts with its visible text (WCAG 2.5.3).
 */
export function SortTriggerContent({ value }: { value: BeatSort }) {
  const current = BEAT_SORTS.find((sort) => sort.value === value) ?? BEAT_SORTS[0];
  return (
    <>
      <ArrowUpDown aria-hidden="true" className="size-4 text-muted" />
      <span>
        Sort<span className="sr-only sm:not-sr-only">: {current.label}</span>
      </span>
      <ChevronDown aria-hidden="true" className="size-4 text-muted" />
    </>
  );
}

const loadMenu = () => import('./sort-menu-list').then((m) => m.SortMenuList);

/** The sort dropdown: the current sort on the trigger, the choices as a radio group. */
export function SortMenu({ value, onChange }: { value: BeatSort; onChange: (sort: BeatSort) => void }) {
  return (
    <DeferredMenu
      load={loadMenu}
      menuProps={{ value, onChange }}
      triggerProps={{ className: SORT_TRIGGER_CLASSES, children: <SortTriggerContent value={value} /> }}
    />
  );
}
