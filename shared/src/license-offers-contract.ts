// A producer's offer for one beat (docs/domain.md#licences-and-downloads): per licence, whether it
// is sold and at what price. The beat's base price stays the Basic default; any licence without a
// price of its own costs its default multiple of that base price.
import { z } from 'zod';
import { LIMITS } from './limits';
import { LICENSE_IDS } from './money-constants';

/**
 * The highest price a licence may carry, in cents of the beat's list currency: the base price's
 * ceiling times the Exclusive's default multiple, so every default stays enterable.
 */
export const LICENSE_PRICE_MAX_CENTS = LIMITS.PRICE_MAX_CENTS * 10;

export const LICENSE_OFF = 'This licence is not offered for this beat';
export const NO_LICENSE_ENABLED = 'must keep at least one licence on';

/**
 * One licence of one beat. price_cents is in cents of the beat's list_currency (as typed), null
 * for the default multiple of the base price. enabled false: the licence is not sold.
 */
export const LicenseOffer = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
  price_cents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(1, `must be between 1 and ${LICENSE_PRICE_MAX_CENTS} cents`)
    .max(LICENSE_PRICE_MAX_CENTS, `must be between 1 and ${LICENSE_PRICE_MAX_CENTS} cents`)
    .nullable(),
});
export type LicenseOffer = z.infer<typeof LicenseOffer>;

/**
 * The offer of a beat, keyed by licence. A licence left out is on, at its default price; at
 * least one licence stays on (a priced beat with nothing to buy is a free beat: tick Free).
 */
export const LicenseOffers = z
  .object({
    basic: LicenseOffer.optional(),
    premium: LicenseOffer.optional(),
    trackout: LicenseOffer.optional(),
    exclusive: LicenseOffer.optional(),
  })
  .strict()
  .refine((offers) => LICENSE_IDS.some((id) => offers[id]?.enabled !== false), {
    message: NO_LICENSE_ENABLED,
  });
export type LicenseOffers = z.infer<typeof LicenseOffers>;
