import { COLLAB_MAX_PARTICIPANTS, type Participant } from '@beatroom/shared/collab-sessions-contract';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';

/** Who is in the session, on which track; the host can remove the others. */
export function ParticipantsPanel({
  participants,
  userId,
  isHost,
  onRemove,
}: {
  participants: Participant[];
  userId: string;
  isHost: boolean;
  onRemove: (userId: string) => void;
}) {
  return (
    <section aria-label="Participants" className="flex flex-col gap-2 rounded-2xl border border-line p-3">
      <h2 className="text-sm font-semibold">
        Participants ({participants.length}/{COLLAB_MAX_PARTICIPANTS})
      </h2>
      <ul className="flex flex-col gap-2">
        {participants.map((p) => (
          <li key={p.id} className="flex items-center gap-2 text-sm">
            <Avatar src={p.user_avatar} name={p.user_name} size={28} />
            <span className="min-w-0 truncate font-medium">
              {p.user_name}
              {p.user_id === userId ? ' (you)' : ''}
            </span>
            <span className="text-xs text-muted">
              {p.role === 'host' ? 'Host · ' : ''}Track {p.track_assignment}
            </span>
            {isHost && p.user_id !== userId ? (
              <Button size="sm" variant="ghost" className="ml-auto" onClick={() => onRemove(p.user_id)}>
                Remove<span className="sr-only"> {p.user_name}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
