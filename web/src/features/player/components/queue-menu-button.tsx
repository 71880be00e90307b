import type { PlayerBeat } from '@beatroom/shared/player-state';
import { MoreHorizontal } from 'lucide-react';
import { MenuButton } from '../../../components/ui/menu-button';
import { showToast } from '../../../lib/toast';
import { usePlayerStore } from '../store/player-store';

/** Does it, and says so briefly (a beat already queued stays where it is when added). */
function queueAction(title: string, act: (beat: PlayerBeat) => void) {
  return (beat: PlayerBeat) => {
    act(beat);
    showToast({ type: 'success', title, message: beat.title, duration: 2500 });
  };
}
const playNext = queueAction('Plays next', (beat) => usePlayerStore.getState().playNext(beat));
const addToQueue = queueAction('Added to queue', (beat) => usePlayerStore.getState().addToQueue(beat));

/**
 * "Play next" and "Add to queue" for one beat of a card or track-list row, as a small menu (the
 * menu itself loads when first reached for: a page shows dozens of these, few are opened).
 */
export function QueueMenuButton({ beat }: { beat: PlayerBeat }) {
  return (
    <MenuButton
      label={`Queue options for ${beat.title}`}
      className="inline-flex h-8 shrink-0 items-center rounded-full px-1.5 text-muted transition-colors hover:bg-fg/10 hover:text-fg"
      items={[
        { label: 'Play next', onSelect: () => playNext(beat) },
        { label: 'Add to queue', onSelect: () => addToQueue(beat) },
      ]}
    >
      <MoreHorizontal aria-hidden="true" className="size-4" />
    </MenuButton>
  );
}
