// A producer's licence terms (docs/domain.md#licences-and-downloads): per licence type, what a
// buyer may do with the beat. Shown in the beat page's Licensing table and printed in the licence
// agreement PDF; edited in Settings → Licence terms.
import { z } from 'zod';
import { LICENSE_IDS, type LicenseId } from './money-constants';

/** A count the licence allows; null is unlimited. */
const Allowance = z
  .number({ error: 'must be a whole number or null for unlimited' })
  .int('must be a whole number or null for unlimited')
  .min(0, 'must be 0 or more')
  .max(1_000_000_000, 'must be at most 1,000,000,000')
  .nullable();

export const LicenceTerms = z.object({
  distribution_copies: Allowance,
  audio_streams: Allowance,
  video_streams: Allowance,
  paid_performances: Allowance,
  radio_stations: Allowance,
  music_videos: Allowance,
  /** How long the licence lasts; null is perpetual. */
  term_years: z.number().int().min(1, 'must be 1 to 99 years').max(99, 'must be 1 to 99 years').nullable(),
  territory: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
  /** How the buyer credits the producer, e.g. "Prod. by Nova Beats". */
  credit_line: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  /** The producer's share of the publishing, in percent. */
  publishing_split_percent: z.number().int().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100'),
});
export type LicenceTerms = z.infer<typeof LicenceTerms>;

/** GET and PUT /api/licence-terms, GET /api/users/{id}/licence-terms: every licence type's terms. */
export const ProducerLicenceTerms = z.object(
  Object.fromEntries(LICENSE_IDS.map((id) => [id, LicenceTerms])) as Record<LicenseId, typeof LicenceTerms>,
);
export type ProducerLicenceTerms = z.infer<typeof ProducerLicenceTerms>;

const limited = (copies: number, streams: number, videos: number, performances: number, radio: number) => ({
  distribution_copies: copies,
  audio_streams: streams,
  video_streams: streams,
  paid_performances: performances,
  radio_stations: radio,
  music_videos: videos,
});

/** The terms of a producer who has not set their own: the common marketplace defaults. */
export const DEFAULT_LICENCE_TERMS: ProducerLicenceTerms = {
  basic: {
    ...limited(2_000, 100_000, 1, 0, 0),
    term_years: 5,
    territory: 'Worldwide',
    credit_line: 'Prod. by {producer}',
    publishing_split_percent: 50,
  },
  premium: {
    ...limited(10_000, 500_000, 1, 10, 2),
    term_years: 10,
    territory: 'Worldwide',
    credit_line: 'Prod. by {producer}',
    publishing_split_percent: 50,
  },
  trackout: {
    ...limited(50_000, 1_000_000, 2, 50, 5),
    term_years: 10,
    territory: 'Worldwide',
    credit_line: 'Prod. by {producer}',
    publishing_split_percent: 50,
  },
  exclusive: {
    distribution_copies: null,
    audio_streams: null,
    video_streams: null,
    paid_performances: null,
    radio_stations: null,
    music_videos: null,
    term_years: null,
    territory: 'Worldwide',
    credit_line: 'Prod. by {producer}',
    publishing_split_percent: 50,
  },
};
