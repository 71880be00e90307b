import { formatPrice } from '@beatroom/shared/format-money';
import { licencePriceIn } from '@beatroom/shared/list-price';
import type { Currency } from '@beatroom/shared/money-constants';
import type { LicenseOption } from '@beatroom/shared/money-contract';

// How a licence card is named and priced, without zod: the beat page's Upgrade button uses it
// on the first load, where the contracts load only with the first request that needs them.

/** A card's title: an upgrade says so ('Upgrade to Premium'). */
export function licenseTitle(license: Pick<LicenseOption, 'name' | 'upgrade_from'>): string {
  return license.upgrade_from ? `Upgrade to ${license.name}` : license.name;
}

/** A card's price in the viewer's currency: exact in the beat's list currency, else converted. */
export function licensePriceLabel(license: LicenseOption, currency: Currency): string {
  return formatPrice(licencePriceIn(license, currency), currency);
}
