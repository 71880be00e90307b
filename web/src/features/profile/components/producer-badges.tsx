import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../api';
import { ProfileBadges } from './profile-badges';

/**
 * A user's badges beside their name elsewhere (the producer on a beat page). It reads the same
 * profile query as the profile page, so an edit there shows here at once; nothing until loaded.
 */
export function ProducerBadges({ userId }: { userId: string }) {
  const profile = useQuery({
    ...profileQueryOptions(userId),
    select: (data) => data.profile,
  });
  return profile.data ? <ProfileBadges profile={profile.data} /> : null;
}
