import { formatDuration } from '@beatroom/shared/format-numbers';
import type { QueueEntry } from '@beatroom/shared/player-state';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, ListX, Music, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { usePlayerStore } from '../store/player-store';
import { CoverArt } from '../../../components/ui/cover-art';
import { storedImage } from '../../../lib/stored-file';

/** Entries only move up and down (what @dnd-kit/modifiers' restrictToVerticalAxis does). */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

function QueueRow({ entry, index, isCurrent }: { entry: QueueEntry; index: number; isCurrent: boolean }) {
  const select = usePlayerStore((state) => state.select);
  const remove = usePlayerStore((state) => state.remove);
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.queueId,
    });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-current={isCurrent ? 'true' : undefined}
      className={`group flex items-center gap-2 rounded-xl px-1.5 py-1.5 ${
        isDragging ? 'relative z-10 bg-fg/15 shadow-xl' : isCurrent ? 'bg-accent/15' : 'hover:bg-fg/5'
      }`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${entry.title}`}
        className="inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted hover:bg-fg/10 hover:text-fg active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => select(index)}
        aria-label={`Play ${entry.title}`}
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg text-left"
      >
        {entry.cover_image_key ? (
          // The 256 px rendition, not the 800 px original; the title is written beside it.
          <CoverArt
            src={storedImage(entry.cover_image_key)}
            sizes="2.5rem"
            title={entry.title}
            alt=""
            className="size-10 shrink-0 rounded-md"
          />
        ) : (
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-linear-to-br from-violet-600 to-indigo-700 font-semibold text-white">
            {entry.title.charAt(0).toUpperCase()}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className={`block truncate text-sm font-medium ${isCurrent ? 'text-accent' : ''}`}>
            {entry.title}
          </span>
          <span className="block truncate text-xs text-muted">
            {isCurrent ? (isPlaying ? 'Now playing · ' : 'Paused · ') : ''}
            {entry.producer_name}
          </span>
        </span>
        <span className="shrink-0 text-xs text-muted numeric">{formatDuration(entry.duration_seconds)}</span>
      </button>
      <button
        type="button"
        onClick={() => remove(entry.queueId)}
        aria-label={`Remove ${entry.title} from queue`}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-fg/10 hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** The queue: play an entry, drag (or use the keyboard on the handle) to reorder, remove, clear. */
export function QueuePanel({ bottomOffset }: { bottomOffset: number }) {
  const queue = usePlayerStore((state) => state.queue);
  const currentIndex = usePlayerStore((state) => state.currentIndex);
  const reorder = usePlayerStore((state) => state.reorder);
  const clear = usePlayerStore((state) => state.clear);
  const setQueueOpen = usePlayerStore((state) => state.setQueueOpen);
  const panelRef = useRef<HTMLElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (
        event.key === 'Escape' &&
        !event.defaultPrevented &&
        panelRef.current?.contains(document.activeElement)
      ) {
        setQueueOpen(false);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [setQueueOpen]);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = queue.findIndex((entry) => entry.queueId === active.id);
    const to = queue.findIndex((entry) => entry.queueId === over.id);
    if (from !== -1 && to !== -1) reorder(from, to);
  }

  return (
    <section
      ref={panelRef}
      id="player-queue"
      aria-labelledby="player-queue-title"
      style={{ bottom: bottomOffset + 8 }}
      className="fixed right-2 z-40 flex max-h-[min(28rem,60dvh)] w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-2xl border border-line bg-elevated/95 shadow-2xl shadow-black/50 backdrop-blur-xl animate-menu-in sm:right-4 sm:w-96"
    >
      <header className="flex items-center gap-2 border-b border-line px-4 py-3">
        <h2 id="player-queue-title" className="flex-1 font-semibold">
          Queue <span className="text-sm font-normal text-muted numeric">({queue.length})</span>
        </h2>
        <button
          type="button"
          onClick={clear}
          disabled={queue.length === 0}
          className="inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm text-muted hover:bg-fg/10 hover:text-fg disabled:opacity-50"
        >
          <ListX aria-hidden="true" className="size-4" />
          Clear
        </button>
        <button
          type="button"
          onClick={() => setQueueOpen(false)}
          aria-label="Close queue"
          className="inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-fg/10 hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </header>
      {queue.length === 0 ? (
        <p className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-muted">
          <Music aria-hidden="true" className="size-6" />
          The queue is empty.
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={queue.map((entry) => entry.queueId)} strategy={verticalListSortingStrategy}>
            <ol aria-label="Queued beats" className="flex flex-col gap-0.5 overflow-y-auto p-2">
              {queue.map((entry, index) => (
                <QueueRow
                  key={entry.queueId}
                  entry={entry}
                  index={index}
                  isCurrent={index === currentIndex}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
