import { CURRENCIES, CURRENCY_SYMBOLS } from '@beatroom/shared/money-constants';
import {
  AUDIO_QUALITIES,
  DOWNLOAD_FORMATS,
  DOWNLOAD_QUALITIES,
  LANGUAGE_LABELS,
  LANGUAGES,
  PROFILE_VISIBILITIES,
  THEMES,
  type AudioQuality,
  type DownloadQuality,
  type ProfileVisibility,
  type Theme,
} from '@beatroom/shared/settings-constants';
import type { UserSettings } from '@beatroom/shared/settings-contract';
import { Bell, Download, Headphones, Monitor, Shield } from 'lucide-react';
import { PanelSection } from '../../../components/ui/panel-section';
import { PercentSetting, ReadOnlySetting, SelectSetting, ToggleSetting } from './setting-controls';

// The five sections the settings feature owns (the user's settings fields, grouped by section).
// Each shows the draft and reports changes; saving is the page's Save/Discard bar.

export interface SectionProps {
  draft: UserSettings;
  change: <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => void;
}

const AUDIO_QUALITY_LABELS: Record<AudioQuality, string> = {
  standard: 'Standard',
  high: 'High',
  premium: 'Premium',
  lossless: 'Lossless',
};
const DOWNLOAD_QUALITY_LABELS: Record<DownloadQuality, string> = {
  '192kbps': '192 kbps',
  '256kbps': '256 kbps',
  '320kbps': '320 kbps',
  'hi-res': 'Hi-Res',
  lossless: 'Lossless',
};
const VISIBILITY_LABELS: Record<ProfileVisibility, string> = {
  public: 'Public',
  followers: 'Followers only',
  private: 'Private',
};
const THEME_LABELS: Record<Theme, string> = { dark: 'Dark', light: 'Light', auto: 'Auto' };

const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export function AudioSection({ draft, change }: SectionProps) {
  return (
    <PanelSection title="Audio" Icon={Headphones}>
      <div className="mt-2">
        <ToggleSetting
          label="Auto-play"
          hint="Play the next beat in the queue when one ends."
          checked={draft.autoPlay}
          onChange={(value) => change('autoPlay', value)}
        />
        <PercentSetting
          label="Default volume"
          hint="The player starts at this volume."
          value={draft.defaultVolume}
          onChange={(value) => change('defaultVolume', value)}
        />
        <SelectSetting
          label="Audio quality"
          value={draft.audioQuality}
          options={optionsOf(AUDIO_QUALITIES, AUDIO_QUALITY_LABELS)}
          onChange={(value) => change('audioQuality', value)}
        />
      </div>
    </PanelSection>
  );
}

export function DownloadSection({ draft, change }: SectionProps) {
  return (
    <PanelSection title="Download" Icon={Download}>
      <div className="mt-2">
        <SelectSetting
          label="Download format"
          hint="Downloads come in this format when your licence and the beat offer it."
          value={draft.downloadFormat}
          options={DOWNLOAD_FORMATS.map((value) => ({ value, label: value.toUpperCase() }))}
          onChange={(value) => change('downloadFormat', value)}
        />
        <SelectSetting
          label="Download quality"
          value={draft.downloadQuality}
          options={optionsOf(DOWNLOAD_QUALITIES, DOWNLOAD_QUALITY_LABELS)}
          onChange={(value) => change('downloadQuality', value)}
        />
        <ToggleSetting
          label="Auto-download"
          hint="Start the download right after a purchase."
          checked={draft.autoDownload}
          onChange={(value) => change('autoDownload', value)}
        />
      </div>
    </PanelSection>
  );
}

/** The settings that are on/off switches. */
type SwitchKey = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

/** The Notifications section's switches, in the order they are shown. */
const NOTIFICATION_SWITCHES: readonly { key: SwitchKey; label: string; hint?: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    hint: 'Off: no e-mail at all, whatever the switches below say.',
  },
  { key: 'newFollowerNotifications', label: 'New followers', hint: 'When someone follows you.' },
  { key: 'newBeatNotifications', label: 'New beats', hint: 'When a producer you follow uploads a beat.' },
  { key: 'reviewNotifications', label: 'Reviews', hint: 'When someone reviews one of your beats.' },
  { key: 'promotionalEmails', label: 'Promotional emails' },
  {
    key: 'receiptEmails',
    label: 'Order receipts by e-mail',
    hint: 'After each purchase: the receipt, with the licence agreement attached.',
  },
  { key: 'saleEmails', label: 'Sales by e-mail', hint: 'When someone buys one of your beats.' },
  {
    key: 'supportReplyEmails',
    label: 'Support replies by e-mail',
    hint: 'When the support team answers one of your tickets.',
  },
  {
    key: 'refundEmails',
    label: 'Refunds by e-mail',
    hint: 'When an order is refunded, with the credit note attached.',
  },
];

export function NotificationsSection({ draft, change }: SectionProps) {
  return (
    <PanelSection title="Notifications" Icon={Bell}>
      <div className="mt-2">
        {NOTIFICATION_SWITCHES.map(({ key, label, hint }) => (
          <ToggleSetting
            key={key}
            label={label}
            hint={hint}
            checked={draft[key]}
            onChange={(value) => change(key, value)}
          />
        ))}
      </div>
    </PanelSection>
  );
}

export function PrivacySection({ draft, change }: SectionProps) {
  return (
    <PanelSection title="Privacy" Icon={Shield}>
      <div className="mt-2">
        <SelectSetting
          label="Profile visibility"
          hint="Who sees your stats and lists. Everyone still sees your name and picture."
          value={draft.profileVisibility}
          options={optionsOf(PROFILE_VISIBILITIES, VISIBILITY_LABELS)}
          onChange={(value) => change('profileVisibility', value)}
        />
        <ToggleSetting
          label="Show play history"
          checked={draft.showPlayHistory}
          onChange={(value) => change('showPlayHistory', value)}
        />
        <ToggleSetting
          label="Show favorites"
          hint="Your Favorites tab, for others."
          checked={draft.showFavorites}
          onChange={(value) => change('showFavorites', value)}
        />
        <ToggleSetting
          label="Show following"
          hint="Whom you follow, in others' activity feeds."
          checked={draft.showFollowing}
          onChange={(value) => change('showFollowing', value)}
        />
      </div>
    </PanelSection>
  );
}

/** The browser's own zone, shown when none is stored (shown only). */
function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function DisplaySection({ draft, change }: SectionProps) {
  return (
    <PanelSection title="Display" Icon={Monitor}>
      <div className="mt-2">
        <SelectSetting
          label="Theme"
          hint="Applies at once; Save keeps it."
          value={draft.theme}
          options={optionsOf(THEMES, THEME_LABELS)}
          onChange={(value) => change('theme', value)}
        />
        <SelectSetting
          label="Language"
          value={draft.language}
          options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))}
          onChange={(value) => change('language', value)}
        />
        <SelectSetting
          label="Currency"
          hint="Prices are shown and entered in this currency."
          value={draft.preferredCurrency}
          options={CURRENCIES.map((value) => ({ value, label: `${value} (${CURRENCY_SYMBOLS[value]})` }))}
          onChange={(value) => change('preferredCurrency', value)}
        />
        <ReadOnlySetting label="Timezone" value={draft.timezone ?? browserTimezone()} />
      </div>
    </PanelSection>
  );
}
