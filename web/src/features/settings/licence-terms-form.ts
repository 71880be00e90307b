import type { LicenceTerms, ProducerLicenceTerms } from '@beatroom/shared/licence-terms-contract';
import { LICENSE_IDS, LICENSES, type LicenseId } from '@beatroom/shared/money-constants';

// The Licence terms form as typed: numbers stay the text in their box (an emptied box is not 0)
// until Save turns them back into the contract's numbers, where the contract names what is wrong.

type TermKey = keyof LicenceTerms;
export type NumberKey = Exclude<TermKey, 'territory' | 'credit_line'>;
export type TextKey = Extract<TermKey, 'territory' | 'credit_line'>;

/** One licence's fields: a number's text, or null for unlimited (perpetual for the term). */
export type LicenceForm = Record<NumberKey, string | null> & Record<TextKey, string>;
export type TermsForm = Record<LicenseId, LicenceForm>;

export interface NumberField {
  key: NumberKey;
  label: string;
  /** The word for null, when the contract allows it. */
  unlimited?: string;
  max: number;
}

export const NUMBER_FIELDS: readonly NumberField[] = [
  { key: 'distribution_copies', label: 'Distribution copies', unlimited: 'Unlimited', max: 1_000_000_000 },
  { key: 'audio_streams', label: 'Audio streams', unlimited: 'Unlimited', max: 1_000_000_000 },
  { key: 'video_streams', label: 'Video streams', unlimited: 'Unlimited', max: 1_000_000_000 },
  { key: 'paid_performances', label: 'Paid performances', unlimited: 'Unlimited', max: 1_000_000_000 },
  { key: 'radio_stations', label: 'Radio stations', unlimited: 'Unlimited', max: 1_000_000_000 },
  { key: 'music_videos', label: 'Music videos', unlimited: 'Unlimited', max: 1_000_000_000 },
  { key: 'term_years', label: 'Term (years)', unlimited: 'Perpetual', max: 99 },
  { key: 'publishing_split_percent', label: 'Your publishing share (%)', max: 100 },
];

export const TEXT_FIELDS: readonly { key: TextKey; label: string; hint?: string }[] = [
  { key: 'territory', label: 'Territory' },
  { key: 'credit_line', label: 'Credit line', hint: '{producer} stands for your name.' },
];

const LABELS: Record<TermKey, string> = Object.fromEntries(
  [...NUMBER_FIELDS, ...TEXT_FIELDS].map((field) => [field.key, field.label]),
) as Record<TermKey, string>;

export const licenceName = (id: LicenseId): string =>
  LICENSES.find((licence) => licence.id === id)?.name ?? id;

function licenceToForm(terms: LicenceTerms): LicenceForm {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map(({ key }) => [key, terms[key] === null ? null : String(terms[key])]),
  ) as Record<NumberKey, string | null>;
  return { ...numbers, territory: terms.territory, credit_line: terms.credit_line };
}

export function toForm(terms: ProducerLicenceTerms): TermsForm {
  return Object.fromEntries(LICENSE_IDS.map((id) => [id, licenceToForm(terms[id])])) as TermsForm;
}

/** The body to send; an empty or non-numeric box becomes NaN, which the contract rejects by name. */
export function fromForm(form: TermsForm): Record<LicenseId, Record<TermKey, unknown>> {
  return Object.fromEntries(
    LICENSE_IDS.map((id) => {
      const licence = form[id];
      const numbers = NUMBER_FIELDS.map(({ key }) => {
        const text = licence[key];
        return [key, text === null ? null : text.trim() === '' ? Number.NaN : Number(text)];
      });
      return [
        id,
        { ...Object.fromEntries(numbers), territory: licence.territory, credit_line: licence.credit_line },
      ];
    }),
  ) as Record<LicenseId, Record<TermKey, unknown>>;
}

/** "Premium: Audio streams must be 0 or more" from a contract issue at ['premium', 'audio_streams']. */
export function describeIssue(issue: { path: PropertyKey[]; message: string }): string {
  const [licence, field] = issue.path;
  const where = [
    typeof licence === 'string' ? licenceName(licence as LicenseId) : null,
    typeof field === 'string' ? LABELS[field as TermKey] : null,
  ];
  // zod's own wording for NaN ("Invalid input: expected number…") only where the contract has none.
  const message = issue.message.startsWith('Invalid input') ? 'must be a whole number' : issue.message;
  return where[0] && where[1] ? `${where[0]}: ${where[1]} ${message}` : message;
}
