import { LICENSE_IDS } from '@beatroom/shared/money-constants';
import { ScrollText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { PanelSection } from '../../../components/ui/panel-section';
import { showToast } from '../../../lib/toast';
import { useLicenceTermsDraft } from '../hooks/use-licence-terms-draft';
import { LicenceTermsCard } from './licence-terms-card';

/**
 * Settings → Licence terms, for producers: what a buyer may do under each licence type. The beat
 * page's Licensing table and the licence agreement state them. Saved on its own, apart from the
 * Save/Discard bar of the user's settings.
 */
export function LicenceTermsSection({ userId, onSaved }: { userId: string; onSaved?: () => void }) {
  const terms = useLicenceTermsDraft(userId, onSaved);
  const { form } = terms;

  async function save() {
    if (await terms.save()) showToast({ type: 'success', title: 'Licence terms saved' });
  }

  return (
    <PanelSection title="Licence terms" Icon={ScrollText}>
      <p className="mt-1 text-sm text-muted">
        What a buyer may do with your beats under each licence. Until you save your own, the usual marketplace
        terms apply.
      </p>
      {form ? (
        <form
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {LICENSE_IDS.map((licence) => (
            <LicenceTermsCard key={licence} licence={licence} terms={form[licence]} change={terms.change} />
          ))}
          {terms.error ? (
            <ErrorBanner title="Your licence terms were not saved" detail={terms.error} />
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={terms.isSaving || !terms.dirty}>
              {terms.isSaving ? 'Saving…' : 'Save licence terms'}
            </Button>
          </div>
        </form>
      ) : terms.loadError ? (
        <div className="mt-4">
          <ErrorBanner title="Could not load your licence terms" detail="Reload the page to try again." />
        </div>
      ) : (
        <div
          role="status"
          aria-label="Loading licence terms"
          className="mt-4 h-72 animate-pulse rounded-2xl bg-fg/10"
        />
      )}
    </PanelSection>
  );
}
