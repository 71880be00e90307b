import type { LicenseId } from '@beatroom/shared/money-constants';
import { useId } from 'react';
import { FormField, inputClasses } from '../../../components/ui/form-field';
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

/** The field's name, with its licence for screen readers (four cards repeat the same names). */
function FieldLabel({ licence, label }: { licence: LicenseId; label: string }) {
  return (
    <>
      <span className="sr-only">{licenceName(licence)} </span>
      {label}
    </>
  );
}

/** A count with its Unlimited (or Perpetual) box: ticked, the count is null and its box is off. */
function NumberInput({ licence, field, terms, change }: LicenceCardProps & { field: NumberField }) {
  const id = useId();
  const value = terms[field.key];
  const name = licenceName(licence);
  // Unticking Unlimited starts the box from a plain number to edit (a term is at least a year).
  const min = field.key === 'term_years' ? 1 : 0;
  const fallback = field.key === 'term_years' ? '10' : '0';
  return (
    <FormField label={<FieldLabel licence={licence} label={field.label} />} htmlFor={id}>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
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
    </FormField>
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
    <FormField label={<FieldLabel licence={licence} label={field.label} />} htmlFor={id} hint={field.hint}>
      <input
        id={id}
        type="text"
        value={terms[field.key]}
        onChange={(event) => change(licence, field.key, event.target.value)}
        aria-describedby={field.hint ? `${id}-hint` : undefined}
        className={inputClasses}
      />
    </FormField>
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
