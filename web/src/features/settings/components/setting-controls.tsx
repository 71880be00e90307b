import { useId, type ReactNode } from 'react';
import { inputClasses } from '../../../components/ui/form-field';

/** One setting: its label and hint on the left, its control on the right (stacked on phones). */
function SettingRow({
  label,
  hint,
  htmlFor,
  labelId,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  htmlFor?: string;
  labelId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 border-t border-line py-4 first:border-t-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        {htmlFor ? (
          <label htmlFor={htmlFor} id={labelId} className="text-sm font-medium">
            {label}
          </label>
        ) : (
          <p id={labelId} className="text-sm font-medium">
            {label}
          </p>
        )}
        {hint ? <p className="mt-0.5 text-xs text-muted">{hint}</p> : null}
      </div>
      <div className="shrink-0 sm:min-w-52 sm:text-right">{children}</div>
    </div>
  );
}

/** An on/off setting, as an accessible switch. */
export function ToggleSetting({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  return (
    <SettingRow label={label} hint={hint} labelId={labelId}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        onClick={() => onChange(!checked)}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-fg/15 transition-colors aria-checked:border-accent aria-checked:bg-accent"
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </SettingRow>
  );
}

/** A choice among a few named values. */
export function SelectSetting<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <SettingRow label={label} hint={hint} htmlFor={id}>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className={`${inputClasses} sm:w-52`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </SettingRow>
  );
}

/** A 0-100 slider with its value beside it (tabular numbers). */
export function PercentSetting({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <SettingRow label={label} hint={hint} htmlFor={id}>
      <div className="flex items-center gap-3 sm:justify-end">
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={1}
          value={value}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-valuetext={`${value}%`}
          className="h-1.5 w-full cursor-pointer accent-accent sm:w-40"
        />
        <output htmlFor={id} className="w-10 text-right text-sm tabular-nums">
          {value}%
        </output>
      </div>
    </SettingRow>
  );
}

/** A value shown, not edited. */
export function ReadOnlySetting({ label, hint, value }: { label: string; hint?: ReactNode; value: string }) {
  return (
    <SettingRow label={label} hint={hint}>
      <p className="text-sm text-muted">{value}</p>
    </SettingRow>
  );
}
