import { canRedo, canUndo, type ArrangementHistory } from '@beatroom/shared/studio-arrangement-playback';
import { Redo2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useArrangementStore } from '../store/arrangement-store';

/** Undo and Redo of the timeline's edits, and beside them the controls the page hands in. */
export function TimelineHistoryButtons({
  history,
  controls,
}: {
  history: ArrangementHistory;
  controls?: ReactNode;
}) {
  const { undo, redo } = useArrangementStore.getState();
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Button
        size="sm"
        variant="secondary"
        aria-label="Undo"
        title="Undo (Ctrl+Z)"
        disabled={!canUndo(history)}
        onClick={undo}
      >
        <Undo2 aria-hidden="true" className="size-4" />
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label="Redo"
        title="Redo (Ctrl+Shift+Z)"
        disabled={!canRedo(history)}
        onClick={redo}
      >
        <Redo2 aria-hidden="true" className="size-4" />
      </Button>
      {controls}
    </div>
  );
}
