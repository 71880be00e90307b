import type { SettingsSection, Theme } from '@beatroom/shared/settings-constants';
import { SETTINGS_SECTIONS } from '@beatroom/shared/settings-constants';
import type { UserSettings } from '@beatroom/shared/settings-contract';
import {
  Bell,
  Coins,
  CreditCard,
  Download,
  Headphones,
  Monitor,
  ScrollText,
  Shield,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { showToast } from '../../../lib/toast';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { LicenceTermsSection } from './licence-terms-section';
import {
  AudioSection,
  DisplaySection,
  DownloadSection,
  NotificationsSection,
  PrivacySection,
  type SectionProps,
} from './settings-sections';

/** The sections other features build (account deletion, subscription, credits). */
export type SettingsSlotSection = Extract<SettingsSection, 'account' | 'subscription' | 'credits'>;

const SECTION_NAV: Record<SettingsSection, { label: string; Icon: LucideIcon }> = {
  account: { label: 'Account', Icon: UserRound },
  subscription: { label: 'Subscription', Icon: CreditCard },
  credits: { label: 'Credits', Icon: Coins },
  'licence-terms': { label: 'Licence terms', Icon: ScrollText },
  audio: { label: 'Audio', Icon: Headphones },
  download: { label: 'Download', Icon: Download },
  notifications: { label: 'Notifications', Icon: Bell },
  privacy: { label: 'Privacy', Icon: Shield },
  display: { label: 'Display', Icon: Monitor },
};

const OWN_SECTIONS: Record<
  Exclude<SettingsSection, SettingsSlotSection | 'licence-terms'>,
  (props: SectionProps) => ReactNode
> = {
  audio: AudioSection,
  download: DownloadSection,
  notifications: NotificationsSection,
  privacy: PrivacySection,
  display: DisplaySection,
};

function isSlotSection(section: SettingsSection): section is SettingsSlotSection {
  return section === 'account' || section === 'subscription' || section === 'credits';
}

export interface SettingsPageProps {
  section: SettingsSection;
  /** The account, subscription and credits sections, composed by app/ from their features. */
  slots: Record<SettingsSlotSection, ReactNode>;
  /**
   * Shows a theme at once ("A theme change applies immediately"), before it is
   * saved; called again with the saved theme on Discard and when the page closes unsaved.
   */
  onThemePreview: (theme: Theme) => void;
  /** The signed-in user's id when they sell beats (a producer); null hides Licence terms. */
  producerId: string | null;
  /** After Licence terms are saved: other features' views of the same terms (the beat page's). */
  onLicenceTermsSaved?: () => void;
}

/**
 * /settings: a sidebar of the eight sections (nine with a producer's Licence terms), the chosen one, and the Save/Discard
 * bar while there are unsaved changes. Changes survive switching sections until saved or
 * discarded.
 */
export function SettingsPage({
  section,
  slots,
  onThemePreview,
  producerId,
  onLicenceTermsSaved,
}: SettingsPageProps) {
  const form = useSettingsDraft();
  const { saved, draft, dirty } = form;

  // Leaving with an unsaved theme shown puts the saved one back.
  const restore = useRef({ onThemePreview, savedTheme: saved.theme, shownTheme: draft.theme });
  restore.current = { onThemePreview, savedTheme: saved.theme, shownTheme: draft.theme };
  useEffect(
    () => () => {
      const { onThemePreview: preview, savedTheme, shownTheme } = restore.current;
      if (shownTheme !== savedTheme) preview(savedTheme);
    },
    [],
  );

  function change<K extends keyof UserSettings>(key: K, value: UserSettings[K]) {
    form.change(key, value);
    if (key === 'theme') onThemePreview(value as Theme);
  }

  function discard() {
    form.discard();
    onThemePreview(saved.theme);
  }

  async function save() {
    if (await form.save()) showToast({ type: 'success', title: 'Settings saved' });
  }

  const Own = isSlotSection(section) || section === 'licence-terms' ? null : OWN_SECTIONS[section];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <nav aria-label="Settings sections" className="md:sticky md:top-24 md:w-56 md:shrink-0">
          <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:flex-col md:overflow-visible">
            {SETTINGS_SECTIONS.filter((id) => id !== 'licence-terms' || producerId).map((id) => {
              const { label, Icon } = SECTION_NAV[id];
              const current = id === section;
              return (
                <li key={id} className="shrink-0">
                  <Link
                    to={{ search: `?section=${id}` }}
                    aria-current={current ? 'page' : undefined}
                    className="flex h-10 items-center gap-2.5 rounded-xl px-3 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:bg-fg/10 hover:text-fg aria-[current=page]:bg-accent/15 aria-[current=page]:text-fg"
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {isSlotSection(section) ? (
            slots[section]
          ) : section === 'licence-terms' ? (
            producerId ? (
              <LicenceTermsSection userId={producerId} onSaved={onLicenceTermsSaved} />
            ) : (
              <p className="text-sm text-muted">Licence terms are for producers: upload a beat to sell it.</p>
            )
          ) : form.isPending ? (
            <div
              role="status"
              aria-label="Loading settings"
              className="h-72 animate-pulse rounded-3xl bg-fg/10"
            />
          ) : Own ? (
            <Own draft={draft} change={change} />
          ) : null}
        </div>
      </div>

      {dirty || form.error ? (
        <div
          role="region"
          aria-label="Unsaved changes"
          className="sticky bottom-24 z-30 flex flex-col gap-3 rounded-2xl border border-line bg-surface/95 p-4 shadow-2xl backdrop-blur sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0 flex-1">
            {form.error ? (
              <ErrorBanner title="Your settings were not saved" detail={form.error} />
            ) : (
              <p className="text-sm font-medium">You have unsaved changes</p>
            )}
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" onClick={discard} disabled={form.isSaving}>
              Discard
            </Button>
            <Button onClick={() => void save()} disabled={form.isSaving || !dirty}>
              {form.isSaving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
