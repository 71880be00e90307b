import type { SessionUser } from '@beatroom/shared/auth-contract';
import { SETTINGS_SECTIONS, type SettingsSection } from '@beatroom/shared/settings-constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { AccountSection } from '../../features/account/components/account-section';
import { CreditsSettingsSection } from '../../features/credits/components/credits-settings-section';
import { profileQueryOptions } from '../../features/profile/api';
import { isProducer } from '../../features/profile/producer';
import { purchaseKeys } from '../../features/purchase/api';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { SubscriptionSettingsSection } from '../../features/subscriptions/components/subscription-settings-section';
import { useThemeStore } from '../../features/theme/store/theme-store';
import { MembersOnly } from './members-only';

/** ?section= names one of the sections; anything else opens the first. */
function sectionOf(value: string | null): SettingsSection {
  return SETTINGS_SECTIONS.find((section) => section === value) ?? SETTINGS_SECTIONS[0];
}

/** The page for a signed-in user: Licence terms only once their profile says they sell beats. */
function MemberSettings({ user, section }: { user: SessionUser; section: SettingsSection }) {
  const setTheme = useThemeStore((state) => state.setTheme);
  const profile = useQuery(profileQueryOptions(user.id));
  const queryClient = useQueryClient();
  return (
    <SettingsPage
      section={section}
      onThemePreview={setTheme}
      producerId={profile.data && isProducer(profile.data) ? user.id : null}
      // The beat pages' Licensing tables read the same terms through the public endpoint.
      onLicenceTermsSaved={() =>
        void queryClient.invalidateQueries({ queryKey: purchaseKeys.licenceTerms(user.id) })
      }
      slots={{
        account: <AccountSection />,
        subscription: <SubscriptionSettingsSection />,
        credits: <CreditsSettingsSection />,
      }}
    />
  );
}

/**
 * /settings: the settings feature's page with the sections other features own (account
 * deletion, subscription, credits) in its slots, and the theme feature showing a picked theme
 * at once.
 */
export function SettingsRoute() {
  const [params] = useSearchParams();
  return (
    <MembersOnly
      title="Sign in to change your settings"
      description="Your audio, download, notification, privacy and display preferences, your subscription and credits."
    >
      {(user) => <MemberSettings user={user} section={sectionOf(params.get('section'))} />}
    </MembersOnly>
  );
}
