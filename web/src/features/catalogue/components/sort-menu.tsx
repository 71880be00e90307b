import { BEAT_SORTS, type BeatSort } from '@beatroom/shared/catalogue-constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowUpDown, Check, ChevronDown } from 'lucide-react';
import { MenuContent, menuItemClasses } from '../../../components/ui/dropdown-menu';

/** The sort dropdown: the current sort on the trigger, the choices as a radio group. */
export function SortMenu({ value, onChange }: { value: BeatSort; onChange: (sort: BeatSort) => void }) {
  const current = BEAT_SORTS.find((sort) => sort.value === value) ?? BEAT_SORTS[0];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Sort: ${current.label}`}
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-xl border border-line bg-surface/80 px-3.5 text-sm font-medium text-fg transition-colors hover:border-fg/25 data-[state=open]:border-accent"
      >
        <ArrowUpDown aria-hidden="true" className="size-4 text-muted" />
        <span className="hidden sm:inline">{current.label}</span>
        <span className="sm:hidden">Sort</span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="w-56">
        <DropdownMenu.Label className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-muted">
          Sort by
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={value}
          onValueChange={(next) => {
            const sort = BEAT_SORTS.find((option) => option.value === next);
            if (sort) onChange(sort.value);
          }}
        >
          {BEAT_SORTS.map((sort) => (
            <DropdownMenu.RadioItem key={sort.value} value={sort.value} className={menuItemClasses}>
              <span className="flex-1">{sort.label}</span>
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-accent" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
