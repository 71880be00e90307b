import type { LicenseId } from '@beatroom/shared/money-constants';
import { useId } from 'react';
import { inputClasses } from '../../../components/ui/form-field';
import {
  licenceName,
  NUMBER_FIELDS,
  TEXT_FIELDS,
  type LicenceForm,
  type NumberField,
} from '../licence-terms-form';

export interface LicenceCardProps {
  licence: LicenseId;
  terms: LicenceForm;
  change: <K extends keyof LicenceForm>(licence: LicenseId, key: K, value: LicenceForm[K]) => void;
}

/** A count with its Unlimited (or Perpetual) box: ticked, the count is null and its box is off. */
function NumberInput({ licence, field, terms, change }: LicenceCardProps & { field: NumberField }) {
  const id = useId();
  const value = terms[field.key];
  const name = licenceName(licence);
  // The last number typed comes back when Unlimited is unticked.
  const fallback = field.key === 'term_years' ? '10' : '0';
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        <span className="sr-only">{name} </span>
        {field.label}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={field.max}
          step={1}
          value={value ?? ''}
          disabled={value === null}
          onChange={(event) => change(licence, field.key, event.target.value)}
          className={inputClasses}
        />
        {field.unlimited ? (
          <label className="flex shrink-0 items-center gap-1.5 text-sm text-muted">
            <input
              type="checkbox"
              checked={value === null}
              onChange={(event) => change(licence, field.key, event.target.checked ? null : fallback)}
              aria-label={`${name} ${field.label}: ${field.unlimited}`}
              className="size-4 accent-accent"
            />
            {field.unlimited}
          </label>
        ) : null}
      </div>
    </div>
  );
}

function TextInput({
  licence,
  field,
  terms,
  change,
}: LicenceCardProps & { field: (typeof TEXT_FIELDS)[number] }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        <span className="sr-only">{licenceName(licence)} </span>
        {field.label}
      </label>
      <input
        id={id}
        type="text"
        value={terms[field.key]}
        onChange={(event) => change(licence, field.key, event.target.value)}
        aria-describedby={field.hint ? `${id}-hint` : undefined}
        className={inputClasses}
      />
      {field.hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {field.hint}
        </p>
      ) : null}
    </div>
  );
}

/** One licence type's terms, as a titled group of fields. */
export function LicenceTermsCard(props: LicenceCardProps) {
  const headingId = useId();
  return (
    <fieldset aria-labelledby={headingId} className="rounded-2xl border border-line p-4">
      <h3 id={headingId} className="text-base font-semibold">
        {licenceName(props.licence)}
      </h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {NUMBER_FIELDS.map((field) => (
          <NumberInput key={field.key} field={field} {...props} />
        ))}
        {TEXT_FIELDS.map((field) => (
          <TextInput key={field.key} field={field} {...props} />
        ))}
      </div>
    </fieldset>
  );
}
