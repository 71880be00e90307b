import { SETTINGS_SECTIONS, type SettingsSection } from '@beatroom/shared/settings-constants';
import { useSearchParams } from 'react-router-dom';
import { AccountSection } from '../../features/account/components/account-section';
import { CreditsSettingsSection } from '../../features/credits/components/credits-settings-section';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { SubscriptionSettingsSection } from '../../features/subscriptions/components/subscription-settings-section';
import { useThemeStore } from '../../features/theme/store/theme-store';
import { MembersOnly } from './members-only';

/** ?section= names one of the eight sections; anything else opens the first. */
function sectionOf(value: string | null): SettingsSection {
  return SETTINGS_SECTIONS.find((section) => section === value) ?? SETTINGS_SECTIONS[0];
}

/**
 * /settings: the settings feature's page with the sections other features own (account
 * deletion, subscription, credits) in its slots, and the theme feature showing a picked theme
 * at once.
 */
export function SettingsRoute() {
  const [params] = useSearchParams();
  const setTheme = useThemeStore((state) => state.setTheme);
  return (
    <MembersOnly
      title="Sign in to change your settings"
      description="Your audio, download, notification, privacy and display preferences, your subscription and credits."
    >
      {() => (
        <SettingsPage
          section={sectionOf(params.get('section'))}
          onThemePreview={setTheme}
          slots={{
            account: <AccountSection />,
            subscription: <SubscriptionSettingsSection />,
            credits: <CreditsSettingsSection />,
          }}
        />
      )}
    </MembersOnly>
  );
}
