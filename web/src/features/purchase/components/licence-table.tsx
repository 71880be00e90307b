import type { LicenceTerms } from '@beatroom/shared/licence-terms-contract';
import { allowanceText } from '@beatroom/shared/licence-terms-text';
import { LICENSE_FORMATS, LICENSE_STEMS } from '@beatroom/shared/licensing';
import type { LicenseId } from '@beatroom/shared/money-constants';
import { useQuery } from '@tanstack/react-query';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { useSession } from '../../session/hooks/use-session';
import { licenceTermsQueryOptions, licensesQueryOptions } from '../api';
import { licensePriceLabel } from '../license-labels';

const FORMAT_NAMES = { mp3_320: 'MP3', wav: 'WAV', flac: 'FLAC' } as const;

/** The files a licence delivers, as the table says them ('MP3, WAV, stems'). */
function filesOf(license: LicenseId): string {
  const formats = LICENSE_FORMATS[license].map((f) => FORMAT_NAMES[f]);
  return [...formats, ...(LICENSE_STEMS[license] ? ['Stems (ZIP)'] : [])].join(', ');
}

/** The terms a buyer compares first: streams, copies, videos, term and territory. */
function mainTerms(t: LicenceTerms): string {
  const term = t.term_years === null ? 'Perpetual' : `${t.term_years} years`;
  return [
    `${allowanceText(t.audio_streams)} streams`,
    `${allowanceText(t.distribution_copies)} copies`,
    `${allowanceText(t.music_videos)} music videos`,
    `${allowanceText(t.radio_stations)} radio stations`,
    term,
    t.territory,
  ].join(' · ');
}

/**
 * The beat page's Licensing section: every licence its producer offers, its price for this
 * viewer, the files it delivers and what it grants. Nothing for a free beat.
 */
export function LicenceTable({ beatId, producerId }: { beatId: string; producerId: string }) {
  const { user } = useSession();
  const currency = usePreferredCurrency();
  const { data: licenses } = useQuery(licensesQueryOptions(beatId, user?.id ?? null));
  const { data: terms } = useQuery(licenceTermsQueryOptions(producerId));
  if (!licenses || licenses.length === 0) return null;
  return (
    <section aria-labelledby="licensing-heading" className="rounded-xl border border-border p-4">
      <h2 id="licensing-heading" className="mb-3 text-lg font-semibold">
        Licensing
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-muted uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Licence
              </th>
              <th scope="col" className="py-2 pr-3">
                Price
              </th>
              <th scope="col" className="py-2 pr-3">
                Files
              </th>
              <th scope="col" className="py-2">
                Terms
              </th>
            </tr>
          </thead>
          <tbody>
            {licenses.map((l) => (
              <tr key={l.license_type} className="border-t border-border align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {l.name}
                </th>
                <td className="py-2 pr-3 numeric">{licensePriceLabel(l, currency)}</td>
                <td className="py-2 pr-3">{filesOf(l.license_type)}</td>
                <td className="py-2">{terms ? mainTerms(terms[l.license_type]) : l.features.join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
