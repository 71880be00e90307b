import {
  BEAT_SORTS,
  GENRES,
  KEYS,
  LIMITS,
  MOODS,
  type BeatSort,
  type Currency,
} from '@beatroom/shared/constants';
import { currencySymbol } from '@beatroom/shared/format';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowUpDown, Check, ChevronDown, Search, SlidersHorizontal, Sparkles, Tag, X } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { MenuContent, menuItemClasses } from '../../../components/ui/dropdown-menu';
import {
  activeFilterCount,
  DURATION_MAX_MINUTES,
  hasAdvancedFilters,
  type FilterValues,
  type TextFilter,
} from '../filters';
import { useBeatFilters, useDebouncedField } from '../hooks/use-beat-filters';

export const fieldClasses =
  'h-10 w-full rounded-xl border border-line bg-surface/80 px-3 text-sm text-fg placeholder:text-muted/70 transition-colors hover:border-fg/25 focus:border-accent focus:outline-none';

function DebouncedInput({
  name,
  values,
  onCommit,
  ...props
}: {
  name: TextFilter;
  values: FilterValues;
  onCommit: (name: TextFilter, value: string) => void;
} & Omit<ComponentProps<'input'>, 'name' | 'value' | 'onChange'>) {
  const [draft, change] = useDebouncedField(values[name], (value) => onCommit(name, value));
  return <input name={name} value={draft} onChange={(event) => change(event.target.value)} {...props} />;
}

function ChoiceSelect({
  label,
  anyLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  /** The "no filter" choice; the field's name, like the dropdowns of other beat stores. */
  anyLabel: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${fieldClasses} px-2 text-xs sm:px-3 sm:text-sm`}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

function Toggle({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl border px-3.5 text-sm font-medium transition-colors ${
        pressed
          ? 'border-accent/60 bg-accent/20 text-fg'
          : 'border-line bg-surface/80 text-muted hover:border-fg/25 hover:text-fg'
      }`}
    >
      {children}
    </button>
  );
}

function RangeFields({
  legend,
  hint,
  min,
  max,
  step,
  names,
  values,
  onCommit,
}: {
  legend: string;
  hint: string;
  min: number;
  max: number;
  step: number;
  names: [TextFilter, TextFilter];
  values: FilterValues;
  onCommit: (name: TextFilter, value: string) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
        {legend} <span className="font-normal normal-case">({hint})</span>
      </legend>
      <div className="flex items-center gap-2">
        {names.map((name, index) => (
          <label key={name} className="min-w-0 flex-1">
            <span className="sr-only">{`${legend} ${index === 0 ? 'min' : 'max'}`}</span>
            <DebouncedInput
              name={name}
              values={values}
              onCommit={onCommit}
              type="number"
              inputMode="decimal"
              min={min}
              max={max}
              step={step}
              placeholder={index === 0 ? `Min ${min}` : `Max ${max}`}
              className={`${fieldClasses} numeric`}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function SortMenu({ value, onChange }: { value: BeatSort; onChange: (sort: BeatSort) => void }) {
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

/**
 * Search, genre/key/mood, Free and Featured, an Advanced section (BPM, price in the viewer's
 * currency, duration in minutes) and the sort: all kept in the URL.
 */
export function FilterBar({ currency }: { currency: Currency }) {
  const { values, update, clear } = useBeatFilters();
  const [advancedOpen, setAdvancedOpen] = useState(() => hasAdvancedFilters(values));
  const advancedId = useId();
  const active = activeFilterCount(values);
  const commitText = (name: TextFilter, value: string) => update({ [name]: value }, { replace: true });

  return (
    <div role="search" aria-label="Filter beats" className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <label className="relative min-w-0 lg:flex-1">
          <span className="sr-only">Search beats</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <DebouncedInput
            name="search"
            values={values}
            onCommit={commitText}
            type="search"
            placeholder="Search beats, producers, moods..."
            maxLength={100}
            className={`${fieldClasses} pl-9`}
          />
        </label>
        <div className="grid grid-cols-3 gap-2 lg:w-[27rem]">
          <ChoiceSelect
            label="Genre"
            anyLabel="Genre"
            options={GENRES}
            value={values.genre}
            onChange={(genre) => update({ genre })}
          />
          <ChoiceSelect
            label="Key"
            anyLabel="Key"
            options={KEYS}
            value={values.key}
            onChange={(key) => update({ key })}
          />
          <ChoiceSelect
            label="Mood"
            anyLabel="Mood"
            options={MOODS}
            value={values.mood}
            onChange={(mood) => update({ mood })}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Toggle pressed={values.free} onClick={() => update({ free: !values.free })}>
          <Tag aria-hidden="true" className="size-4" />
          Free
        </Toggle>
        <Toggle pressed={values.featured} onClick={() => update({ featured: !values.featured })}>
          <Sparkles aria-hidden="true" className="size-4" />
          Featured
        </Toggle>
        <button
          type="button"
          aria-expanded={advancedOpen}
          aria-controls={advancedId}
          onClick={() => setAdvancedOpen((open) => !open)}
          className={`inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl border px-3.5 text-sm font-medium transition-colors ${
            advancedOpen
              ? 'border-accent/60 text-fg'
              : 'border-line bg-surface/80 text-muted hover:border-fg/25 hover:text-fg'
          }`}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Advanced
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${advancedOpen ? 'rotate-180' : ''}`}
          />
        </button>
        {active > 0 ? (
          <button
            type="button"
            onClick={clear}
            className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-muted hover:bg-fg/10 hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
            Clear filters <span className="numeric">({active})</span>
          </button>
        ) : null}
        <div className="ml-auto">
          <SortMenu value={values.sort} onChange={(sort) => update({ sort })} />
        </div>
      </div>

      {advancedOpen ? (
        <div
          id={advancedId}
          className="grid gap-4 rounded-2xl border border-line bg-surface/50 p-4 sm:grid-cols-3 animate-menu-in"
        >
          <RangeFields
            legend="BPM"
            hint={`${LIMITS.BPM_MIN}-${LIMITS.BPM_MAX}`}
            min={LIMITS.BPM_MIN}
            max={LIMITS.BPM_MAX}
            step={1}
            names={['bpm_min', 'bpm_max']}
            values={values}
            onCommit={commitText}
          />
          <RangeFields
            legend="Price"
            hint={`${currencySymbol(currency)}, ${LIMITS.PRICE_MIN}-${LIMITS.PRICE_MAX}`}
            min={LIMITS.PRICE_MIN}
            max={LIMITS.PRICE_MAX}
            step={LIMITS.PRICE_STEP}
            names={['price_min', 'price_max']}
            values={values}
            onCommit={commitText}
          />
          <RangeFields
            legend="Duration"
            hint={`minutes, 0-${DURATION_MAX_MINUTES}`}
            min={0}
            max={DURATION_MAX_MINUTES}
            step={0.5}
            names={['duration_min', 'duration_max']}
            values={values}
            onCommit={commitText}
          />
        </div>
      ) : null}
    </div>
  );
}
