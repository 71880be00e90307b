import { CHALLENGE_LIMITS } from '@beatroom/shared/challenges-contract';
import { useEffect, useMemo, useState } from 'react';

/**
 * "Now" on the server's clock, refreshed every countdown period (the countdown
 * refreshes every 60 seconds). The answer's server_time corrects a device clock that is off, so
 * a card never says Active Now for a challenge the server already ended.
 */
export function useServerNow(serverTime: string | undefined): number {
  // Worked out in the render that first has the answer, not in an effect after it: the first
  // frame with the challenge must already be on the server's clock (on the device's, a
  // challenge could show Upcoming for a frame, its Vote buttons missing).
  const offset = useMemo(() => (serverTime ? Date.parse(serverTime) - Date.now() : 0), [serverTime]);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), CHALLENGE_LIMITS.COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return tick + offset;
}
