import { CHALLENGE_LIMITS } from '@beatroom/shared/challenges-contract';
import { useEffect, useState } from 'react';

/**
 * "Now" on the server's clock, refreshed every countdown period (community.md §4: the countdown
 * refreshes every 60 seconds). The answer's server_time corrects a device clock that is off, so
 * a card never says Active Now for a challenge the server already ended.
 */
export function useServerNow(serverTime: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime) setOffset(Date.parse(serverTime) - Date.now());
  }, [serverTime]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), CHALLENGE_LIMITS.COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return tick + offset;
}
