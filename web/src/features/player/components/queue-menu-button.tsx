import type { PlayerBeat } from '@beatroom/shared/player-state';
import { MoreHorizontal } from 'lucide-react';
import { DeferredMenu } from '../../../components/ui/deferred-menu';

export interface QueueMenuProps {
  beat: PlayerBeat;
}

/** The trigger's look, the same before and after the menu loads. */
export const QUEUE_MENU_TRIGGER =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg';

const loadMenu = () => import('./queue-menu').then((m) => m.QueueMenu);

/**
 * "Play next" and "Add to queue" for one beat of a card or track-list row, as a small menu. The
 * menu (Radix) loads when first reached for: a page shows dozens of these, few are opened.
 */
export function QueueMenuButton({ beat }: QueueMenuProps) {
  return (
    <DeferredMenu
      load={loadMenu}
      menuProps={{ beat }}
      triggerProps={{
        'aria-label': `Queue options for ${beat.title}`,
        className: QUEUE_MENU_TRIGGER,
        children: <MoreHorizontal aria-hidden="true" className="size-4" />,
      }}
    />
  );
}
