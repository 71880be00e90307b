import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ListEnd, ListPlus, MoreHorizontal } from 'lucide-react';
import { MenuContent, MenuItem } from '../../../components/ui/dropdown-menu';
import { showToast } from '../../../lib/toast';
import { usePlayerStore } from '../store/player-store';
import { QUEUE_MENU_TRIGGER, type QueueMenuProps } from './queue-menu-button';

/** The queue actions' menu itself (Radix), loaded the first time someone reaches for it. */
export function QueueMenu({ beat, defaultOpen }: QueueMenuProps & { defaultOpen: boolean }) {
  const playNext = () => {
    usePlayerStore.getState().playNext(beat);
    showToast({ type: 'success', title: 'Plays next', message: beat.title, duration: 2500 });
  };
  const addToQueue = () => {
    const queued = usePlayerStore.getState().queue.some((entry) => entry.id === beat.id);
    usePlayerStore.getState().addToQueue(beat);
    showToast({
      type: queued ? 'info' : 'success',
      title: queued ? 'Already in the queue' : 'Added to queue',
      message: beat.title,
      duration: 2500,
    });
  };
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={`Queue options for ${beat.title}`}
        className={`${QUEUE_MENU_TRIGGER} data-[state=open]:bg-fg/15 data-[state=open]:text-fg`}
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="w-44">
        <MenuItem onSelect={playNext}>
          <ListPlus aria-hidden="true" className="size-4" />
          Play next
        </MenuItem>
        <MenuItem onSelect={addToQueue}>
          <ListEnd aria-hidden="true" className="size-4" />
          Add to queue
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
