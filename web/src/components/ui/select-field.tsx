import { FormField, inputClasses } from './form-field';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A labelled `<select>` over a list of options, the one the support screens and the admin
 * ticket page use for every choice (category, priority, status, assignee, and the filters).
 * How the label shows:
 * - 'above' (default): a FormField label over it, tied by `id`;
 * - 'inline': a muted label beside it, with `ariaLabel` as the select's accessible name when the
 *   visible word alone would be too short ('Category' → 'Filter by category');
 * - 'hidden': no visible label; `label` is the select's accessible name (filters whose empty
 *   option already says what they filter, such as 'All Statuses').
 * `emptyOption` adds a first option with the value '' ('Select a category', 'Unassigned').
 */
export function SelectField<V extends string>({
  label,
  labelPosition = 'above',
  ariaLabel,
  id,
  value,
  onChange,
  options,
  emptyOption,
  required,
  hint,
  className = inputClasses,
}: {
  label: string;
  labelPosition?: 'above' | 'inline' | 'hidden';
  ariaLabel?: string;
  id: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  emptyOption?: string;
  required?: boolean;
  /** Under the select, with the 'above' label only. */
  hint?: string;
  className?: string;
}) {
  const select = (
    <select
      id={id}
      aria-label={labelPosition === 'hidden' ? label : ariaLabel}
      className={className}
      value={value}
      // The options are exactly `options` (and '' with emptyOption): the value is one of V.
      onChange={(e) => onChange(e.target.value as V)}
      required={required}
    >
      {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  if (labelPosition === 'hidden') return select;
  if (labelPosition === 'inline') {
    return (
      <label className="flex items-center gap-2 text-sm">
        <span className="text-muted">{label}</span>
        {select}
      </label>
    );
  }
  return (
    <FormField label={label} htmlFor={id} hint={hint}>
      {select}
    </FormField>
  );
}
