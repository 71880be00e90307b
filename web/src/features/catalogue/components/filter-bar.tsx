import { GENRES, KEYS, MOODS } from '@beatroom/shared/catalogue-constants';
import { currencySymbol } from '@beatroom/shared/format-money';
import { LIMITS } from '@beatroom/shared/limits';
import type { Currency } from '@beatroom/shared/money-constants';
import { ChevronDown, Search, SlidersHorizontal, Sparkles, Tag, X } from 'lucide-react';
import { useId, useState } from 'react';
import { activeFilterCount, DURATION_MAX_MINUTES, hasAdvancedFilters, type TextFilter } from '../filters';
import { useBeatFilters } from '../hooks/use-beat-filters';
import { ChoiceSelect, DebouncedInput, fieldClasses, RangeFields, Toggle } from './filter-fields';
import { SortMenu } from './sort-menu';

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
