import { LayoutGrid, List } from 'lucide-react';
import { useCatalogueViewChoice, type CatalogueView } from '../store/catalogue-view-store';

const OPTIONS: { view: CatalogueView; label: string; Icon: typeof List }[] = [
  { view: 'grid', label: 'Grid view', Icon: LayoutGrid },
  { view: 'list', label: 'List view', Icon: List },
];

/** Grid or track list; the choice is remembered per user on this device. */
export function ViewToggle() {
  const [view, setView] = useCatalogueViewChoice();
  return (
    <div
      role="group"
      aria-label="Layout"
      className="inline-flex shrink-0 rounded-xl border border-line bg-surface/80 p-1"
    >
      {OPTIONS.map(({ view: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={view === option}
          onClick={() => setView(option)}
          className="inline-flex size-8 items-center justify-center rounded-lg text-muted transition-colors hover:text-fg aria-pressed:bg-accent aria-pressed:text-accent-fg"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
