import { Megaphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { usePromoteDialog } from '../store/promote-dialog-store';

/** The owner's Promote beside a beat (on My Uploads): opens Promote Your Beat. */
export function PromoteBeatButton({ beat }: { beat: { id: string; title: string } }) {
  const open = usePromoteDialog((state) => state.open);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => open({ id: beat.id, title: beat.title })}
      aria-label={`Promote ${beat.title}`}
    >
      <Megaphone aria-hidden="true" className="size-3.5" />
      Promote
    </Button>
  );
}
