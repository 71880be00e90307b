import { UserSettings } from '@beatroom/shared/settings-contract';
import { useState } from 'react';
import { describeFailure } from '../../session/api';
import { useSaveUserSettings, useUserSettings } from '../../session/hooks/use-user-settings';

export interface SettingsDraft {
  /** The stored settings with the unsaved changes on top: what the form shows. */
  draft: UserSettings;
  /** The stored settings. */
  saved: UserSettings;
  /** Any field differs from the stored settings (the Save/Discard bar shows). */
  dirty: boolean;
  isPending: boolean;
  isSaving: boolean;
  /** Why the last save failed (the server's text, e.g. "defaultVolume: ..."), until the next try. */
  error: string | null;
  change: <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => void;
  /** Drops every unsaved change. */
  discard: () => void;
  /** PUTs the whole draft; resolves true when stored (the changes are then the saved ones). */
  save: () => Promise<boolean>;
}

/**
 * The settings form's state: changes are kept apart from the stored
 * settings, so switching sections keeps them, Discard drops them, and a save that fails keeps
 * them for another try.
 */
export function useSettingsDraft(): SettingsDraft {
  const { settings: saved, isPending } = useUserSettings();
  const { mutateAsync, isPending: isSaving } = useSaveUserSettings();
  const [changes, setChanges] = useState<Partial<UserSettings>>({});
  const [error, setError] = useState<string | null>(null);

  const draft: UserSettings = { ...saved, ...changes };
  const dirty = (Object.keys(changes) as (keyof UserSettings)[]).some((key) => changes[key] !== saved[key]);

  return {
    draft,
    saved,
    dirty,
    isPending,
    isSaving,
    error,
    change: (key, value) => setChanges((current) => ({ ...current, [key]: value })),
    discard: () => {
      setChanges({});
      setError(null);
    },
    async save() {
      // The same schema the server checks: a bad value is named here without a round trip.
      const checked = UserSettings.safeParse(draft);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        setError(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid settings');
        return false;
      }
      setError(null);
      try {
        await mutateAsync(checked.data);
        setChanges({});
        return true;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : describeFailure(failure));
        return false;
      }
    },
  };
}
