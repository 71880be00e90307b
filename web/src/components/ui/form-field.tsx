import type { ReactNode } from 'react';

/** The look of a text input, select or textarea in a form. */
export const inputClasses =
  'h-10 w-full rounded-xl border border-line bg-surface/80 px-3 text-sm text-fg placeholder:text-muted/70 transition-colors hover:border-fg/25 focus:border-accent focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-red-500/70';

/**
 * A labelled form control with its error, or else its hint, underneath. The control is the
 * child; the error and hint get ids `${htmlFor}-error` and `${htmlFor}-hint` for aria-describedby.
 */
export function FormField({
  label,
  htmlFor,
  hint,
  error,
  children,
  className = '',
  aside,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
  /** Shown at the label's right, outside it (e.g. a character counter with its own id). */
  aside?: ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={htmlFor} className="text-sm font-medium">
            {label}
          </label>
          {aside}
        </div>
      ) : (
        <label htmlFor={htmlFor} className="text-sm font-medium">
          {label}
        </label>
      )}
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-xs text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${htmlFor}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
