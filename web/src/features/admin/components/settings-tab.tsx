import { ADMIN_TEXTS, type AdminSettingRow } from '@beatroom/shared/admin-contract';
import { ADMIN_SETTINGS, isAdminSettingKey } from '@beatroom/shared/admin-settings';
import { formatPrice } from '@beatroom/shared/format-money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { inputClasses } from '../../../components/ui/form-field';
import { adminKeys, adminSettingsQueryOptions, updateSetting } from '../api';
import { AdminTable, toastFailure, toastSuccess } from './admin-parts';

/** A typed value from the text field: numbers for the numeric keys, text otherwise. */
function parseInput(setting: AdminSettingRow, text: string): unknown {
  return typeof setting.value === 'number' ? (text.trim() === '' ? text : Number(text)) : text;
}

/** Cents keys (the tier prices) also show the amount in dollars, so 999 reads as $9.99. */
const isCents = (setting: AdminSettingRow) => setting.key.endsWith('_cents');

function SettingRow({ setting }: { setting: AdminSettingRow }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `setting-${setting.key}`;

  const save = async () => {
    if (draft === null) return;
    const value = parseInput(setting, draft);
    // The same rule as the server's, so a typo is explained before it is sent.
    const check = isAdminSettingKey(setting.key) ? ADMIN_SETTINGS[setting.key].value.safeParse(value) : null;
    if (check && !check.success) {
      setError(check.error.issues[0]?.message ?? ADMIN_TEXTS.settingFailed);
      return;
    }
    setSaving(true);
    try {
      await updateSetting(setting.key, value);
      toastSuccess(ADMIN_TEXTS.settingUpdated);
      setDraft(null);
      setError(null);
      await queryClient.invalidateQueries({ queryKey: adminKeys.settings() });
      await queryClient.invalidateQueries({ queryKey: adminKeys.publicSettings });
    } catch (e) {
      toastFailure(e, ADMIN_TEXTS.settingFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr data-testid="admin-setting-row">
      <td className="px-3 py-2 font-mono text-xs">
        <label htmlFor={inputId}>{setting.key}</label>
      </td>
      <td className="px-3 py-2">
        {draft === null ? (
          <span className="numeric">
            {String(setting.value) || '—'}
            {isCents(setting) && typeof setting.value === 'number' ? (
              <span className="ml-2 text-muted">({formatPrice(setting.value)})</span>
            ) : null}
          </span>
        ) : (
          <>
            <input
              id={inputId}
              className={inputClasses}
              value={draft}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                setError(null);
              }}
              inputMode={typeof setting.value === 'number' ? 'decimal' : 'text'}
            />
            {error ? (
              <p id={`${inputId}-error`} role="alert" className="mt-1 text-xs text-red-400">
                {error}
              </p>
            ) : null}
          </>
        )}
      </td>
      <td className="px-3 py-2 text-muted">{setting.description}</td>
      <td className="px-3 py-2">
        {draft === null ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Edit ${setting.key}`}
            onClick={() => setDraft(String(setting.value))}
          >
            Edit
          </Button>
        ) : (
          <span className="flex gap-1.5">
            <Button size="sm" disabled={saving} onClick={() => void save()}>
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={saving}
              onClick={() => (setDraft(null), setError(null))}
            >
              Cancel
            </Button>
          </span>
        )}
      </td>
    </tr>
  );
}

/** The Settings tab: key, value and description of each setting, edited one at a time. */
export function SettingsTab() {
  const settings = useQuery(adminSettingsQueryOptions());
  if (settings.isError)
    return <ErrorState title="Settings could not be loaded" onRetry={() => void settings.refetch()} />;
  return (
    <section aria-label="Settings">
      <AdminTable caption="Settings" head={['Key', 'Value', 'Description', '']}>
        {(settings.data?.settings ?? []).map((s) => (
          <SettingRow key={s.key} setting={s} />
        ))}
      </AdminTable>
    </section>
  );
}
