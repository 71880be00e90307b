import { UI } from '@beatroom/shared/limits';

/**
 * A list's rows while it loads, announced by `label`: cards of a cover and two lines of text;
 * `avatar` puts a round picture before the cover (a row that names a person).
 */
export function RowsSkeleton({ label, avatar = false }: { label: string; avatar?: boolean }) {
  return (
    <ul role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: UI.SKELETON_ROWS }, (_, index) => (
        <li
          key={index}
          aria-hidden="true"
          className="flex items-center gap-3 rounded-2xl border border-line p-3"
        >
          {avatar ? <span className="size-10 shrink-0 animate-pulse rounded-full bg-fg/10" /> : null}
          <span className="size-14 shrink-0 animate-pulse rounded-xl bg-fg/10" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-1/2 animate-pulse rounded bg-fg/10" />
            <span className="h-3 w-1/3 animate-pulse rounded bg-fg/10" />
          </span>
        </li>
      ))}
    </ul>
  );
}
