import type { InputHTMLAttributes } from 'react';

const inputClass = 'h-9 rounded-lg border border-line bg-surface px-3 text-sm';

/** A labelled text input of the coupon and deal forms; `onValue` gets the typed text. */
export function TextField({
  label,
  width = '',
  onValue,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className'> & {
  label: string;
  /** A width class (`w-24`); the input sizes itself without one. */
  width?: string;
  onValue: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input {...props} className={`${inputClass} ${width}`} onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}
