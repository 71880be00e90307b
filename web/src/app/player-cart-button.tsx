import type { QueueEntry } from '@beatroom/shared/player-state';
import { useQuery } from '@tanstack/react-query';
import { beatDetailQueryOptions } from '../features/beat-detail/api';
import { AddToCartButton } from '../features/cart/components/add-to-cart-button';
import { useSession } from '../features/session/hooks/use-session';

/**
 * The player bar's Add to cart for the current beat. A queue entry does not carry which licences
 * the producer offers nor whether an exclusive was sold, so the beat itself is read (the beat
 * page's own entry): only for a priced beat that is not the listener's own.
 */
export function PlayerCartButton({ beat }: { beat: QueueEntry }) {
  const { user, isPending } = useSession();
  // Until the session is known the beat may still turn out to be the listener's own.
  const forSale = !isPending && !beat.is_free && beat.price_cents > 0 && user?.id !== beat.user_id;
  const detail = useQuery({ ...beatDetailQueryOptions(beat.id), enabled: forSale });
  if (!forSale || !detail.data) return null;
  return <AddToCartButton beat={detail.data} variant="card" />;
}
