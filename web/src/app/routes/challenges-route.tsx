import { useParams } from 'react-router-dom';
import { ChallengeDetailPage } from '../../features/challenges/components/challenge-detail-page';
import { ChallengesPage } from '../../features/challenges/components/challenges-page';
import { useSession } from '../../features/session/hooks/use-session';
import { useAccountChanges } from '../account-changes';

/** /challenges: a prize leaving the creator's credits refreshes the balance everywhere. */
export function ChallengesRoute() {
  const { user } = useSession();
  const changes = useAccountChanges();
  return <ChallengesPage user={user} onCreditsChanged={changes.creditsPaid} />;
}

/** /challenges/{id}: an entry fee leaving the entrant's credits refreshes the balance everywhere. */
export function ChallengeRoute() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const changes = useAccountChanges();
  return <ChallengeDetailPage key={id} id={id} user={user} onCreditsChanged={changes.creditsPaid} />;
}
