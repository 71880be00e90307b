import type { ReactNode } from 'react';

/**
 * One card of a set of choices (a pack, a plan, an option): a native radio kept out of sight,
 * so arrow keys move between the cards and the focused card shows a ring. `label` is what a
 * screen reader announces for the radio; the card's content is its description.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onSelect,
  label,
  badge,
  highlighted = false,
  disabled = false,
  children,
  className = '',
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  /** A short flag in the card's top corner (POPULAR, BEST VALUE). */
  badge?: ReactNode;
  /** An accent border even when not chosen (the recommended choice). */
  highlighted?: boolean;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const id = `${name}-${value}`.replace(/[^\w-]/g, '-');
  return (
    <label
      htmlFor={id}
      className={`relative flex cursor-pointer flex-col gap-2 rounded-2xl border p-4 transition-colors has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55 ${
        highlighted ? 'border-accent/50' : 'border-line'
      } ${className}`}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        aria-label={label}
        aria-describedby={`${id}-details`}
        className="sr-only"
      />
      {badge ? (
        <span className="absolute -top-2.5 right-3 rounded-full bg-accent px-2 py-0.5 text-[10px] font-extrabold tracking-wider text-accent-fg">
          {badge}
        </span>
      ) : null}
      <span id={`${id}-details`} className="flex flex-col gap-2">
        {children}
      </span>
    </label>
  );
}
