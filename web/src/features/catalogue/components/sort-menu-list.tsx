import { BEAT_SORTS, type BeatSort } from '@beatroom/shared/catalogue-constants';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { MenuContent, menuItemClasses } from '../../../components/ui/dropdown-menu';
import { SORT_TRIGGER_CLASSES, SortTriggerContent } from './sort-menu';

/** The sort dropdown itself (Radix), loaded when first reached for (sort-menu.tsx). */
export function SortMenuList({
  value,
  onChange,
  defaultOpen,
}: {
  value: BeatSort;
  onChange: (sort: BeatSort) => void;
  defaultOpen: boolean;
}) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={SORT_TRIGGER_CLASSES}>
        <SortTriggerContent value={value} />
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
