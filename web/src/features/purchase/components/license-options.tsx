import type { Currency, LicenseId } from '@beatroom/shared/money-constants';
import { PURCHASE_ERRORS, type LicenseOption } from '@beatroom/shared/money-contract';
import { Check } from 'lucide-react';
import { licensePriceLabel, licenseTitle } from '../license-labels';

/**
 * The licence chosen when the buyer has not picked one: Basic, or the first one
 * still on sale; null when nothing is.
 */
export function defaultLicense(licenses: readonly LicenseOption[]): LicenseId | null {
  const available = licenses.filter((l) => l.available);
  return (available.find((l) => l.license_type === 'basic') ?? available[0])?.license_type ?? null;
}

/**
 * Why a licence cannot be bought. The server marks every licence unavailable once the beat is
 * sold exclusively, and only the exclusive while another buyer's checkout holds it.
 */
export function unavailableReason(licenses: readonly LicenseOption[]): string {
  return licenses.some((l) => l.available) ? PURCHASE_ERRORS.RESERVED : PURCHASE_ERRORS.SOLD_EXCLUSIVE;
}

/** The text under a card that cannot be bought: held, included in a higher one held, or why not. */
function cardReason(license: LicenseOption, licenses: readonly LicenseOption[]): string {
  if (license.held) return 'You own this licence';
  if (licenses.some((l) => l.held)) return 'Included in your licence';
  return unavailableReason(licenses);
}

/**
 * The licence cards: name, price, what it grants, POPULAR on Premium. A card
 * that cannot be bought stays visible, disabled, with the reason. Native radios, so arrow keys
 * move between the cards.
 */
export function LicenseOptions({
  licenses,
  selected,
  onSelect,
  currency,
  disabled = false,
}: {
  licenses: readonly LicenseOption[];
  selected: LicenseId | null;
  onSelect: (license: LicenseId) => void;
  currency: Currency;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold">Choose a licence</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {licenses.map((license) => {
          const id = `license-${license.license_type}`;
          const price = licensePriceLabel(license, currency);
          const title = licenseTitle(license);
          return (
            <label
              key={license.license_type}
              htmlFor={id}
              className={`relative flex cursor-pointer flex-col gap-3 rounded-2xl border p-4 transition-colors has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55 ${
                license.popular ? 'border-accent/50' : 'border-line'
              }`}
            >
              <input
                id={id}
                type="radio"
                name="license"
                value={license.license_type}
                checked={selected === license.license_type}
                disabled={!license.available}
                onChange={() => onSelect(license.license_type)}
                aria-label={`${title} licence, ${price}${license.upgrade_from ? ' (the difference)' : ''}`}
                aria-describedby={`${id}-details`}
                className="sr-only"
              />
              {license.popular ? (
                <span className="absolute -top-2.5 right-3 rounded-full bg-accent px-2 py-0.5 text-[10px] font-extrabold tracking-wider text-accent-fg">
                  POPULAR
                </span>
              ) : null}
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold">{title}</span>
                <span className="text-lg font-bold text-amber-300 numeric">{price}</span>
              </span>
              <span id={`${id}-details`} className="flex flex-col gap-1.5">
                <span className="sr-only">Includes: </span>
                {license.features.map((feature) => (
                  <span key={feature} className="flex items-start gap-1.5 text-xs text-muted">
                    <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-emerald-400" />
                    {feature}
                  </span>
                ))}
                {license.upgrade_from ? (
                  <span className="mt-1 text-xs text-muted">
                    You pay the difference from what you paid for{' '}
                    {license.upgrade_from === 'basic' ? 'Basic' : 'Premium'}
                  </span>
                ) : null}
                {license.available ? null : (
                  <span className="mt-1 text-xs font-semibold text-amber-300">
                    {cardReason(license, licenses)}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
