import { useId } from 'react';

export interface SliderFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  /** How the value reads (beside the slider and to screen readers), e.g. "70%" or "+3 dB". */
  format?: (value: number) => string;
  disabled?: boolean;
}

/** A labelled range slider with its value shown: every studio slider is one. */
export function SliderField({
  label,
  value,
  min,
  max,
  step = 1,
  onChange,
  format = String,
  disabled,
}: SliderFieldProps) {
  const id = useId();
  const shown = format(value);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <output htmlFor={id} className="text-muted tabular-nums">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-valuetext={shown}
        className="h-1.5 w-full cursor-pointer accent-accent disabled:cursor-not-allowed disabled:opacity-60"
      />
    </div>
  );
}

/** A labelled on/off switch (metronome, count-in, waveform, level meter). */
export function ToggleField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium">
      {label}
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${checked ? 'bg-accent' : 'bg-fg/20'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </label>
  );
}

export const percent = (gain: number) => `${Math.round(gain * 100)}%`;
/** EQ sliders store 0-100 and show -50 to +50 dB. */
export const eqDb = (value: number) => `${value - 50 > 0 ? '+' : ''}${value - 50} dB`;
/** Pan: 50 is the centre. */
export const pan = (value: number) =>
  value === 50 ? 'Centre' : value < 50 ? `L ${50 - value}` : `R ${value - 50}`;
