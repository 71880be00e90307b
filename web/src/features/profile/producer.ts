import type { ProfileResponse } from '@beatroom/shared/community-contract';

/**
 * Whether a profile is a producer's, for what only producers need (Earnings): someone who picked
 * the Producer music role or has uploaded a beat. Anyone may upload, so there is no account flag.
 */
export function isProducer(data: Pick<ProfileResponse, 'beats_count' | 'profile'>): boolean {
  return data.beats_count > 0 || data.profile.user_role === 'producer';
}
