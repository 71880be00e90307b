import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FilterValues, TextFilter } from '../filters';
import { useDebouncedField } from '../hooks/use-beat-filters';

// The filter bar's inputs. Text and numbers are committed to the URL after a pause in typing;
// choices and toggles at once (hooks/use-beat-filters.ts).

export const fieldClasses =
  'h-10 w-full rounded-xl border border-line bg-surface/80 px-3 text-sm text-fg placeholder:text-muted/70 transition-colors hover:border-fg/25 focus:border-accent focus:outline-none';

export function DebouncedInput({
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

export function ChoiceSelect({
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

export function Toggle({
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

export function RangeFields({
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
