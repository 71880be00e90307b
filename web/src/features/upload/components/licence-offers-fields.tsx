import { currencySymbol, licencePriceCents } from '@beatroom/shared/format-money';
import { listPriceCentsOf } from '@beatroom/shared/list-price';
import { LICENSES, type Currency } from '@beatroom/shared/money-constants';
import { useId } from 'react';
import { inputClasses } from '../../../components/ui/form-field';
import type { LicenceOfferInputs } from '../licence-offers-form';

/**
 * The beat form's "Licences" section: each licence switched on or off, with its own price or,
 * left empty, its default multiple of the base price (shown as the placeholder).
 */
export function LicenceOffersFields({
  offers,
  basePrice,
  currency,
  onChange,
  error,
  disabled,
}: {
  offers: LicenceOfferInputs;
  /** The base price as typed, in `currency`. */
  basePrice: string;
  currency: Currency;
  onChange: (offers: LicenceOfferInputs) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const base = listPriceCentsOf(basePrice);
  return (
    <fieldset className="col-span-2 flex flex-col gap-2 sm:col-span-6" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">Licences</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Leave a price empty to use the default multiple of the base price. Untick a licence to stop selling
        it.
      </p>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {LICENSES.map((licence) => {
          const offer = offers[licence.id];
          const fallback = (licencePriceCents(base, licence.id) / 100).toFixed(2);
          return (
            <li key={licence.id} className="flex items-center gap-3">
              <label className="inline-flex w-28 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={offer.enabled}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange({ ...offers, [licence.id]: { ...offer, enabled: e.target.checked } })
                  }
                  className="size-4 cursor-pointer accent-accent"
                />
                {licence.name}
              </label>
              <div className="relative flex-1">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted"
                >
                  {currencySymbol(currency)}
                </span>
                <input
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  aria-label={`${licence.name} price (${currency})`}
                  value={offer.price}
                  placeholder={fallback}
                  disabled={disabled || !offer.enabled}
                  onChange={(e) => onChange({ ...offers, [licence.id]: { ...offer, price: e.target.value } })}
                  className={`${inputClasses} pl-7 numeric`}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="text-xs text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
