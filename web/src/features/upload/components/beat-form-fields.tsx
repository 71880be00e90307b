import { GENRES, KEYS, MOODS, type Genre } from '@beatroom/shared/catalogue-constants';
import { currencySymbol } from '@beatroom/shared/format-money';
import { LIMITS } from '@beatroom/shared/limits';
import type { Currency } from '@beatroom/shared/money-constants';
import { useCallback, useId, useState } from 'react';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import {
  overLimitMessage,
  parseBeatForm,
  withFree,
  withPrice,
  type BeatFields,
  type BeatFormErrors,
  type BeatFormValues,
} from '../beat-form';
import { LicenceOffersFields } from './licence-offers-fields';

/**
 * The beat form's state: the values, the errors on show, and `check`, which shows what is wrong
 * or answers the API's fields. Errors appear on submit, then follow the typing until fixed.
 */
export function useBeatForm(initial: BeatFormValues | (() => BeatFormValues), currency: Currency) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<BeatFormErrors>({});

  const onChange = useCallback(
    (next: BeatFormValues) => {
      setValues(next);
      setErrors((shown) => {
        if (Object.keys(shown).length === 0) return shown;
        const result = parseBeatForm(next, currency);
        return result.ok ? {} : result.errors;
      });
    },
    [currency],
  );

  const check = useCallback((): BeatFields | null => {
    const result = parseBeatForm(values, currency);
    setErrors(result.ok ? {} : result.errors);
    return result.ok ? result.fields : null;
  }, [values, currency]);

  return { values, setValues, errors, check, fieldProps: { values, onChange, currency, errors } };
}

/** "12/120" beside a text field's label; red once past the limit. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className={`text-xs numeric ${length > max ? 'font-semibold text-red-400' : 'text-muted'}`}>
      {length}/{max}
    </span>
  );
}

export interface BeatFormFieldsProps {
  values: BeatFormValues;
  onChange: (values: BeatFormValues) => void;
  currency: Currency;
  errors?: BeatFormErrors;
  disabled?: boolean;
  /** Free (upload) or Free beat (edit), as the checkbox is named on each screen. */
  freeLabel: string;
}

/**
 * Title, description, BPM, genre, key, mood, price in the user's currency and Free: the one beat
 * form of Upload Beat, Manage Beat and the desktop app (state from useBeatForm).
 */
export function BeatFormFields({
  values,
  onChange,
  currency,
  errors = {},
  disabled,
  freeLabel,
}: BeatFormFieldsProps) {
  const id = useId();
  const set = <K extends keyof BeatFormValues>(name: K, value: BeatFormValues[K]) =>
    onChange({ ...values, [name]: value });
  const symbol = currencySymbol(currency);
  // Said while typing, not only on submit: nothing is cut silently (no maxLength).
  const titleError = errors.title ?? overLimitMessage('Title', values.title, LIMITS.TITLE_MAX);
  const descriptionError =
    errors.description ?? overLimitMessage('Description', values.description, LIMITS.DESCRIPTION_MAX);
  const describedBy = (field: string, error: string | undefined) =>
    `${id}-${field}-count${error ? ` ${id}-${field}-error` : ''}`;

  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-6">
      <FormField
        label="Title"
        htmlFor={`${id}-title`}
        error={titleError}
        className="col-span-2 sm:col-span-6"
        aside={
          <CharacterCount id={`${id}-title-count`} length={values.title.length} max={LIMITS.TITLE_MAX} />
        }
      >
        <input
          id={`${id}-title`}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          required
          disabled={disabled}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={describedBy('title', titleError)}
          placeholder="Name your beat"
          className={inputClasses}
        />
      </FormField>

      <FormField
        label="BPM"
        htmlFor={`${id}-bpm`}
        error={errors.bpm}
        hint={`${LIMITS.BPM_MIN}-${LIMITS.BPM_MAX}`}
        className="sm:col-span-2"
      >
        <input
          id={`${id}-bpm`}
          type="number"
          inputMode="numeric"
          min={LIMITS.BPM_MIN}
          max={LIMITS.BPM_MAX}
          step={1}
          value={values.bpm}
          onChange={(event) => set('bpm', event.target.value)}
          disabled={disabled}
          aria-invalid={errors.bpm ? true : undefined}
          placeholder="140"
          className={`${inputClasses} numeric`}
        />
      </FormField>

      <FormField label="Genre" htmlFor={`${id}-genre`} className="sm:col-span-2">
        <select
          id={`${id}-genre`}
          value={values.genre}
          onChange={(event) =>
            set('genre', (GENRES.find((g) => g === event.target.value) ?? GENRES[0]) as Genre)
          }
          disabled={disabled}
          className={inputClasses}
        >
          {GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>
      </FormField>

      <FormField label="Key" htmlFor={`${id}-key`} className="sm:col-span-1">
        <select
          id={`${id}-key`}
          value={values.key}
          onChange={(event) => set('key', event.target.value)}
          disabled={disabled}
          className={inputClasses}
        >
          <option value="">None</option>
          {KEYS.map((key) => (
            <option key={key} value={key}>
              {key}
            </option>
          ))}
        </select>
      </FormField>

      <FormField label="Mood" htmlFor={`${id}-mood`} className="sm:col-span-1">
        <select
          id={`${id}-mood`}
          value={values.mood}
          onChange={(event) => set('mood', event.target.value)}
          disabled={disabled}
          className={inputClasses}
        >
          <option value="">None</option>
          {MOODS.map((mood) => (
            <option key={mood} value={mood}>
              {mood}
            </option>
          ))}
        </select>
      </FormField>

      <FormField
        label={`Price (${currency})`}
        htmlFor={`${id}-price`}
        hint={`Maximum price: ${LIMITS.PRICE_MAX.toFixed(2)}`}
        className="sm:col-span-3"
      >
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted"
          >
            {symbol}
          </span>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="decimal"
            min={LIMITS.PRICE_MIN}
            max={LIMITS.PRICE_MAX}
            step={LIMITS.PRICE_STEP}
            value={values.price}
            onChange={(event) => onChange(withPrice(values, event.target.value, currency))}
            disabled={disabled}
            aria-describedby={`${id}-price-hint`}
            placeholder="0.00"
            className={`${inputClasses} pl-7 numeric`}
          />
        </div>
      </FormField>

      <div className="flex items-center sm:col-span-3 sm:pt-7">
        <label className="inline-flex cursor-pointer items-center gap-2.5 text-sm font-medium">
          <input
            type="checkbox"
            checked={values.free}
            onChange={(event) => onChange(withFree(values, event.target.checked))}
            disabled={disabled}
            className="size-4 cursor-pointer accent-accent"
          />
          {freeLabel}
        </label>
      </div>

      {!values.free && (
        <LicenceOffersFields
          offers={values.offers}
          basePrice={values.price}
          currency={currency}
          onChange={(offers) => set('offers', offers)}
          error={errors.license_offers}
          disabled={disabled}
        />
      )}

      <FormField
        label="Description"
        htmlFor={`${id}-description`}
        error={descriptionError}
        className="col-span-2 sm:col-span-6"
        aside={
          <CharacterCount
            id={`${id}-description-count`}
            length={values.description.length}
            max={LIMITS.DESCRIPTION_MAX}
          />
        }
      >
        <textarea
          id={`${id}-description`}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={describedBy('description', descriptionError)}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          rows={3}
          disabled={disabled}
          placeholder="Vibe, instruments, what it's good for..."
          className={`${inputClasses} h-auto resize-y py-2`}
        />
      </FormField>
    </div>
  );
}
