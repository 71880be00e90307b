import { useNavigate } from 'react-router-dom';
import { usePreferredCurrency } from '../../features/session/hooks/use-preferred-currency';
import { usePlatform } from '../../lib/platform';
import { NotFoundPage } from './not-found-page';

/**
 * /library: the platform's own library screen (desktop only). The route exists only when the
 * platform has a library; the check here covers a platform that loses it at runtime.
 */
export function LibraryPage() {
  const { library, microphone } = usePlatform();
  const navigate = useNavigate();
  const currency = usePreferredCurrency();
  if (!library) return <NotFoundPage />;
  const { Screen } = library;
  return (
    <Screen
      library={library}
      microphone={microphone}
      openBeat={(beatId) => void navigate(`/beats/${encodeURIComponent(beatId)}`)}
      currency={currency}
    />
  );
}
