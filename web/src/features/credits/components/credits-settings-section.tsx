import { Coins } from 'lucide-react';
import { PanelSection } from '../../../components/ui/panel-section';
import { useSession } from '../../session/hooks/use-session';
import { CreditsOverview } from './credits-overview';

/** /settings?section=credits: the balance, Buy More and the 10 newest transactions. */
export function CreditsSettingsSection() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PanelSection title="Credits" Icon={Coins} className="gap-4">
      <CreditsOverview userId={user.id} />
    </PanelSection>
  );
}
